import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { type AdminSessions, type Ok, type RevokedSessions, sessionIdParamSchema } from '@app/contracts';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { ZodParamPipe } from '../common/validation';
import { ApiJson } from '../docs/api-response.decorators';
import { AdminSessionsDto, OkDto, RevokedSessionsDto } from './auth.dto';
import { SessionsService } from './sessions.service';

/** The admin's signed-in sessions (Settings → Security). */
@Controller('auth/sessions')
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiJson(AdminSessionsDto, { errors: [401] })
  async list(@Req() req: Request): Promise<AdminSessions> {
    return { sessions: await this.sessions.list(req.user!.id, req.sessionID) };
  }

  /** Every other session ends; this one stays. */
  @Post('revoke-others')
  @HttpCode(200)
  @ApiJson(RevokedSessionsDto, { errors: [401, 403, 415] })
  async revokeOthers(@Req() req: Request): Promise<RevokedSessions> {
    const revoked = await this.sessions.revokeOthers(req.sessionID);
    await this.audit.record('other-sessions-revoked', actorOf(req), `${revoked} signed out`);
    return { revoked };
  }

  /** One other session ends (this one is ended by Logout). */
  @Delete(':id')
  @ApiJson(OkDto, { errors: [400, 401, 403, 404] })
  async revoke(
    @Req() req: Request,
    @Param('id', new ZodParamPipe(sessionIdParamSchema, 'id')) id: string,
  ): Promise<Ok> {
    const device = await this.sessions.revoke(req.user!.id, id, req.sessionID);
    await this.audit.record('session-revoked', actorOf(req), device);
    return { ok: true };
  }
}
