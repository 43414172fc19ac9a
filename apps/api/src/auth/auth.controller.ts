import { Body, Controller, Get, Header, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { AuthSession, AuthUser, LoginAnswer, Ok } from '@app/contracts';
import type { Request, Response } from 'express';
import { actorOf } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/clock';
import { Public } from '../common/public.decorator';
import { ApiJson } from '../docs/api-response.decorators';
import {
  AuthSessionDto,
  AuthUserDto,
  ChangePasswordDto,
  LoginAnswerDto,
  LoginDto,
  OkDto,
  TwoFactorCodeDto,
} from './auth.dto';
import { toAuthUser } from './auth.mapper';
import { AuthService } from './auth.service';
import { LoginGuard } from './login.guard';
import { hasLiveSession } from './session.guard';
import { SESSION_COOKIE } from './session.setup';
import { TwoFactorService } from './two-factor.service';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** 200 with the signed-in admin, 401 otherwise (the global guard answers that). */
  @Get('me')
  @ApiJson(AuthUserDto, { errors: [401] })
  me(@Req() req: Request): AuthUser {
    return toAuthUser(req.user!);
  }

  /**
   * Whether anyone is signed in, for the dashboard's first question: always 200 (`{ user: null }` signed out),
   * since a 401 there is no error and the browser would log it as one. Never stored by a cache.
   */
  @Public()
  @Get('session')
  @Header('Cache-Control', 'no-store')
  @ApiJson(AuthSessionDto)
  session(@Req() req: Request): AuthSession {
    return { user: hasLiveSession(req, this.clock.now()) ? toAuthUser(req.user!) : null };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginGuard)
  @ApiJson(LoginAnswerDto, {
    description: 'The admin, signed in; or, while two-factor sign-in is on, `{ twoFactorRequired: true }`',
    errors: [400, 401, 403, 413, 415, 429],
  })
  login(@Req() req: Request, @Body() _body: LoginDto): LoginAnswer {
    return req.user ? toAuthUser(req.user) : { twoFactorRequired: true };
  }

  /** The login's second step: public, but only a session that just passed the password step can use it. */
  @Public()
  @Post('login/two-factor')
  @HttpCode(200)
  @ApiJson(AuthUserDto, { errors: [400, 401, 403, 413, 415, 429] })
  loginTwoFactor(@Req() req: Request, @Body() body: TwoFactorCodeDto): Promise<AuthUser> {
    return this.twoFactor.finishLogin(req, body.code);
  }

  @Post('logout')
  @HttpCode(200)
  @ApiJson(OkDto, { errors: [401, 403, 415] })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Ok> {
    await this.auth.endSession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    return { ok: true };
  }

  @Post('change-password')
  @HttpCode(200)
  @ApiJson(OkDto, { errors: [400, 401, 403, 413, 415, 429] })
  async changePassword(@Req() req: Request, @Body() body: ChangePasswordDto): Promise<Ok> {
    await this.auth.changePassword(req.user!.id, body, req.sessionID, req.ip ?? 'unknown');
    await this.audit.record('password-changed', actorOf(req), 'other sessions signed out');
    return { ok: true };
  }
}
