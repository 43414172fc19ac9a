import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { loginBodySchema } from '@app/contracts';
import type { Request } from 'express';
import { Clock } from '../common/clock';
import { parseOrThrow } from '../common/validation';
import { LoginThrottleService } from './login-throttle.service';
import { stampLogin } from './session.setup';
import { SignInsService } from './sign-ins.service';
import { TwoFactorService } from './two-factor.service';

/**
 * passport-local login: validates the body, applies the throttle, checks the password and
 * starts a fresh session (passport regenerates the session id on login). While two-factor sign-in
 * is on, the fresh session only waits for a code (`req.user` stays unset).
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(
    private readonly throttle: LoginThrottleService,
    private readonly clock: Clock,
    private readonly twoFactor: TwoFactorService,
    private readonly signIns: SignInsService,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const { username } = parseOrThrow(loginBodySchema, req.body);
    const ip = req.ip ?? 'unknown';
    // The attempt is counted before the password is checked, so parallel guesses cannot pass the limit.
    await this.throttle.consumeLogin(ip, username);
    try {
      await super.canActivate(context);
    } catch (error) {
      if (error instanceof UnauthorizedException) {
        await this.signIns.failed(req, username, 'wrong username or password');
      }
      throw error;
    }
    await this.throttle.resetLogin(ip, username);
    if (await this.twoFactor.isEnabled(req.user!.id)) {
      await this.twoFactor.beginLogin(req, req.user!);
      return true;
    }
    await super.logIn(req);
    await stampLogin(req, this.clock.now());
    await this.signIns.succeeded(req, 'password');
    return true;
  }
}
