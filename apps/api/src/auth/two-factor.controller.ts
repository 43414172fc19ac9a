import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { Ok, RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@app/contracts';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { ApiJson } from '../docs/api-response.decorators';
import {
  OkDto,
  RecoveryCodesDto,
  TwoFactorCodeDto,
  TwoFactorDisableDto,
  TwoFactorEnableDto,
  TwoFactorSetupDto,
  TwoFactorStatusDto,
} from './auth.dto';
import { AuthService } from './auth.service';
import { TwoFactorService } from './two-factor.service';

/** The admin's two-factor sign-in (Settings → Security). The login's second step is in AuthController. */
@Controller('auth/two-factor')
export class TwoFactorController {
  constructor(
    private readonly auth: AuthService,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiJson(TwoFactorStatusDto, { errors: [401] })
  status(@Req() req: Request): Promise<TwoFactorStatus> {
    return this.twoFactor.status(req.user!.id);
  }

  /** A new secret (QR code and text), pending until `enable` confirms it; the secret is never shown again. */
  @Post('setup')
  @HttpCode(200)
  @ApiJson(TwoFactorSetupDto, { errors: [401, 403, 409] })
  setup(@Req() req: Request): Promise<TwoFactorSetup> {
    return this.twoFactor.startSetup(req.user!.id);
  }

  /** Needs the password and a code of the new secret; answers the recovery codes, once. */
  @Post('enable')
  @HttpCode(200)
  @ApiJson(RecoveryCodesDto, { errors: [400, 401, 403, 409, 413, 415, 429] })
  async enable(@Req() req: Request, @Body() body: TwoFactorEnableDto): Promise<RecoveryCodes> {
    const ip = req.ip ?? 'unknown';
    await this.auth.verifyCurrentPassword(req.user!.id, body.password, ip, 'password');
    const codes = await this.twoFactor.enable(req.user!.id, body.code, ip, req.sessionID);
    await this.audit.record('two-factor-enabled', actorOf(req), 'other sessions signed out');
    return codes;
  }

  @Post('disable')
  @HttpCode(200)
  @ApiJson(OkDto, { errors: [400, 401, 403, 413, 415, 429] })
  async disable(@Req() req: Request, @Body() body: TwoFactorDisableDto): Promise<Ok> {
    const ip = req.ip ?? 'unknown';
    await this.auth.verifyCurrentPassword(req.user!.id, body.password, ip, 'password');
    await this.twoFactor.disable(req.user!.id, body.code, ip, req.sessionID);
    await this.audit.record('two-factor-disabled', actorOf(req), 'other sessions signed out');
    return { ok: true };
  }

  /** New recovery codes (the old ones stop working); needs a current code. */
  @Post('recovery-codes')
  @HttpCode(200)
  @ApiJson(RecoveryCodesDto, { errors: [400, 401, 403, 413, 415, 429] })
  async regenerateRecoveryCodes(@Req() req: Request, @Body() body: TwoFactorCodeDto): Promise<RecoveryCodes> {
    const codes = await this.twoFactor.regenerateRecoveryCodes(req.user!.id, body.code, req.ip ?? 'unknown');
    await this.audit.record('recovery-codes-regenerated', actorOf(req), 'the old codes stopped working');
    return codes;
  }
}
