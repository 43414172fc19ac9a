import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser, ChangePasswordBody, StepUpBody } from '@app/contracts';
import * as argon2 from 'argon2';
import type { Request } from 'express';
import { Not, type Repository } from 'typeorm';
import { ENV } from '../config/config.module';
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_USERNAME, type Env, EnvError } from '../config/env';
import { toAuthUser } from './auth.mapper';
import { LoginThrottleService } from './login-throttle.service';
import { hashPassword } from './password-hash';
import { SessionEntity } from './session.entity';
import { StartupResetsService } from './startup-resets.service';
import { TwoFactorService } from './two-factor.service';
import { UserEntity } from './user.entity';

export const INVALID_CREDENTIALS = 'Invalid username or password';

@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuthService.name);
  /** Verified against when the username is unknown, so both failures take the same time. */
  private decoyHash?: Promise<string>;

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @Inject(ENV) private readonly env: Env,
    private readonly throttle: LoginThrottleService,
    private readonly twoFactor: TwoFactorService,
    private readonly startupResets: StartupResetsService,
  ) {}

  /**
   * Creates the admin on first start from ADMIN_USERNAME / ADMIN_PASSWORD (development defaults
   * admin / admin123); later starts leave the stored password alone, unless ADMIN_PASSWORD_RESET (one of the
   * resets from the server, applied here: after the admin exists, before the check of its password).
   * Production refuses to start while the stored password is still the default one.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.createAdmin();
    await this.startupResets.applyAll();
    if (this.env.NODE_ENV === 'production') await this.refuseDefaultPassword();
  }

  private async createAdmin(): Promise<void> {
    if ((await this.users.count()) > 0) return;
    const username = this.env.ADMIN_USERNAME ?? DEFAULT_ADMIN_USERNAME;
    const password = this.env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;
    try {
      await this.users.insert({ username, passwordHash: await hashPassword(password) });
      this.logger.log(`Created the admin user "${username}"`);
    } catch (error) {
      // Another API process created it at the same moment.
      if ((await this.users.count()) === 0) throw error;
    }
  }

  /** A database made in development keeps admin123 (ADMIN_PASSWORD only applies to a new admin). */
  private async refuseDefaultPassword(): Promise<void> {
    for (const user of await this.users.find()) {
      if (await argon2.verify(user.passwordHash, DEFAULT_ADMIN_PASSWORD)) {
        throw new EnvError(
          `Refusing to start in production: the admin "${user.username}" still has the default password ` +
            `(${DEFAULT_ADMIN_PASSWORD}). Change it in the admin dashboard outside production, or start once ` +
            'with ADMIN_PASSWORD_RESET=true to make ADMIN_PASSWORD the password (see docs/deployment.md).',
        );
      }
    }
  }

  /** What the first-run checklist asks of the admin's account: still the default password, two-factor on. */
  async setupState(userId: number): Promise<{ defaultPassword: boolean; twoFactor: boolean }> {
    const user = await this.users.findOneByOrFail({ id: userId });
    return {
      defaultPassword: await argon2.verify(user.passwordHash, DEFAULT_ADMIN_PASSWORD),
      twoFactor: user.twoFactorSecret !== null,
    };
  }

  async validateCredentials(username: string, password: string): Promise<AuthUser> {
    const user = await this.users.findOneBy({ username });
    if (!user) {
      this.decoyHash ??= hashPassword('decoy-password-for-timing');
      await argon2.verify(await this.decoyHash, password);
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    if (!(await argon2.verify(user.passwordHash, password)))
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    return toAuthUser(user);
  }

  /** Logs out (passport regenerates the session, deleting the old one) and destroys the new empty one. */
  async endSession(req: Request): Promise<void> {
    await new Promise<void>((resolve, reject) => req.logout((error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve, reject) =>
      req.session.destroy((error) => (error ? reject(error) : resolve())),
    );
  }

  /**
   * Checks the admin's current password, throttled per admin and IP like login (so a stolen session
   * cannot guess it); a wrong one is a 400 naming `field`.
   */
  async verifyCurrentPassword(
    userId: number,
    password: string,
    ip: string,
    field = 'currentPassword',
  ): Promise<void> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new UnauthorizedException('Authentication required');
    await this.throttle.consumeCurrentPassword(userId, ip);
    if (!(await argon2.verify(user.passwordHash, password))) {
      throw new BadRequestException(`${field}: is incorrect`);
    }
    await this.throttle.resetCurrentPassword(userId, ip);
  }

  /**
   * The step-up of a sensitive change (the password, adding, renaming or removing a passkey): the current
   * password, then, while two-factor sign-in is on, a current code. A wrong one is a 400 naming its field
   * (`field` for the password); both checks are throttled.
   */
  async stepUp(
    userId: number,
    { password, code }: StepUpBody,
    ip: string,
    field = 'password',
  ): Promise<void> {
    await this.verifyCurrentPassword(userId, password, ip, field);
    await this.twoFactor.stepUp(userId, code, ip);
  }

  /** After the step-up: stores the new hash and ends every other session of the admin. */
  async changePassword(
    userId: number,
    { currentPassword, newPassword, code }: ChangePasswordBody,
    keepSessionId: string,
    ip: string,
  ): Promise<void> {
    await this.stepUp(userId, { password: currentPassword, code }, ip, 'currentPassword');
    const passwordHash = await hashPassword(newPassword);
    await this.users.manager.transaction(async (manager) => {
      await manager.update(UserEntity, { id: userId }, { passwordHash });
      // One admin: every stored session other than this one belongs to it.
      await manager.delete(SessionEntity, { id: Not(keepSessionId) });
    });
  }
}
