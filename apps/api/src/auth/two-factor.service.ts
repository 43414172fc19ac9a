import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type AuthUser,
  type RecoveryCodes,
  TWO_FACTOR_PENDING_MS,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@app/contracts';
import type { Request } from 'express';
import { generateSecret, generateURI, verify } from 'otplib';
import { IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { onFirstUse } from '../common/first-use';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { SECRET_KEYS, type SecretKeys } from '../config/secret-keys';
import { toAuthUser } from './auth.mapper';
import { LoginThrottleService } from './login-throttle.service';
import { RecoveryCodeEntity } from './recovery-code.entity';
import { SessionEntity } from './session.entity';
import { stampLogin } from './session.setup';
import { SignInsService } from './sign-ins.service';
import {
  generateRecoveryCodes,
  hashRecoveryCode,
  openSecret,
  sealSecret,
  totpCodeOf,
} from './two-factor.crypto';
import { UserEntity } from './user.entity';

/** The QR code encoder: only the two-factor set-up needs it. */
const qrcode = onFirstUse<typeof import('qrcode')>('qrcode');

export const INVALID_CODE = 'Invalid code';
export const SIGN_IN_FIRST = 'Sign in with your username and password first';
/** One 30-second step either side, for phone clocks a little off. */
const TOTP_TOLERANCE_SECONDS = 30;
/** A user's two-factor columns with two-factor sign-in off (turned off, or reset from the server). */
export const TWO_FACTOR_OFF = {
  twoFactorSecret: null,
  twoFactorPendingSecret: null,
  twoFactorLastStep: null,
} satisfies Partial<UserEntity>;

/**
 * TOTP two-factor sign-in of the admin (RFC 6238, OWASP ASVS 5.0 level 2): enrolment, the login's second
 * step, step-up for sensitive changes and recovery codes (the ADMIN_RESET_2FA reset: startup-resets.service.ts).
 * Off until enrolled. Every code check is throttled per admin and IP before it is made.
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger(TwoFactorService.name);
  private readonly key: Buffer;

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(RecoveryCodeEntity) private readonly recoveryCodes: Repository<RecoveryCodeEntity>,
    @Inject(ENV) private readonly env: Env,
    @Inject(SECRET_KEYS) keys: SecretKeys,
    private readonly throttle: LoginThrottleService,
    private readonly clock: Clock,
    private readonly signIns: SignInsService,
  ) {
    this.key = keys.twoFactor;
  }

  async isEnabled(userId: number): Promise<boolean> {
    return this.users.existsBy({ id: userId, twoFactorSecret: Not(IsNull()) });
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const enabled = await this.isEnabled(userId);
    const recoveryCodesLeft = enabled ? await this.recoveryCodes.countBy({ userId, usedAt: IsNull() }) : 0;
    return { enabled, recoveryCodesLeft };
  }

  /** A new secret, kept sealed as pending until `enable` confirms it with a code; shown this once. */
  async startSetup(userId: number): Promise<TwoFactorSetup> {
    const user = await this.requireUser(userId);
    if (user.twoFactorSecret) throw new ConflictException('Two-factor sign-in is already on');
    const secret = generateSecret();
    await this.users.update({ id: userId }, { twoFactorPendingSecret: sealSecret(secret, this.key) });
    const otpauthUri = generateURI({ issuer: this.issuer(), label: user.username, secret });
    // SVG: a tenth of the PNG encoder's time, and sharp at any size.
    const svg = await qrcode().toString(otpauthUri, { type: 'svg', margin: 1 });
    return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * Confirms the pending secret with a current code (the caller checked the password): turns two-factor
   * sign-in on, replaces the recovery codes and ends every other session of the admin.
   */
  async enable(userId: number, code: string, ip: string, keepSessionId: string): Promise<RecoveryCodes> {
    const user = await this.requireUser(userId);
    if (user.twoFactorSecret) throw new ConflictException('Two-factor sign-in is already on');
    if (!user.twoFactorPendingSecret) throw new BadRequestException('Start the two-factor set-up first');
    if (!(await this.checkCode(user, code, ip, 'pending'))) {
      throw new BadRequestException('code: is incorrect');
    }
    const pendingSecret = user.twoFactorPendingSecret;
    return this.users.manager.transaction(async (manager) => {
      await manager.update(
        UserEntity,
        { id: userId },
        { twoFactorSecret: pendingSecret, twoFactorPendingSecret: null },
      );
      await manager.delete(SessionEntity, { id: Not(keepSessionId) });
      return { recoveryCodes: await this.replaceRecoveryCodes(manager, userId) };
    });
  }

  /** Turns two-factor sign-in off (the caller checked the password) and ends every other session. */
  async disable(userId: number, code: string, ip: string, keepSessionId: string): Promise<void> {
    const user = await this.requireEnabled(userId);
    if (!(await this.checkCode(user, code, ip))) throw new BadRequestException('code: is incorrect');
    await this.users.manager.transaction(async (manager) => {
      await manager.update(UserEntity, { id: userId }, TWO_FACTOR_OFF);
      await manager.delete(RecoveryCodeEntity, { userId });
      await manager.delete(SessionEntity, { id: Not(keepSessionId) });
    });
  }

  async regenerateRecoveryCodes(userId: number, code: string, ip: string): Promise<RecoveryCodes> {
    const user = await this.requireEnabled(userId);
    if (!(await this.checkCode(user, code, ip))) throw new BadRequestException('code: is incorrect');
    return this.users.manager.transaction(async (manager) => ({
      recoveryCodes: await this.replaceRecoveryCodes(manager, userId),
    }));
  }

  /** Step-up for a sensitive change: while two-factor sign-in is on, a current code is needed too. */
  async stepUp(userId: number, code: string | undefined, ip: string): Promise<void> {
    const user = await this.requireUser(userId);
    if (!user.twoFactorSecret) return;
    if (!code) throw new BadRequestException('code: is required');
    if (!(await this.checkCode(user, code, ip))) throw new BadRequestException('code: is incorrect');
  }

  /**
   * The password was right and two-factor sign-in is on: a fresh session (no fixation) that only
   * remembers who is half-way in; it is not signed in (no passport user, no loginAt).
   */
  async beginLogin(req: Request, user: AuthUser): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      req.session.regenerate((error) => (error ? reject(error) : resolve())),
    );
    req.user = undefined;
    req.session.twoFactorPending = { userId: user.id, at: this.clock.now() };
  }

  /** The login's second step: a code for the pending session signs it in (passport regenerates it again). */
  async finishLogin(req: Request, code: string): Promise<AuthUser> {
    const pending = req.session?.twoFactorPending;
    if (!pending || this.clock.now() - pending.at > TWO_FACTOR_PENDING_MS) {
      if (pending) delete req.session.twoFactorPending;
      throw new UnauthorizedException(SIGN_IN_FIRST);
    }
    const user = await this.users.findOneBy({ id: pending.userId });
    if (!user?.twoFactorSecret) throw new UnauthorizedException(SIGN_IN_FIRST);
    if (!(await this.checkCode(user, code, req.ip ?? 'unknown'))) {
      await this.signIns.failed(req, user.username, 'wrong two-factor code');
      throw new UnauthorizedException(INVALID_CODE);
    }
    const authUser = toAuthUser(user);
    await new Promise<void>((resolve, reject) =>
      req.logIn(authUser, (error) => (error ? reject(error) : resolve())),
    );
    await stampLogin(req, this.clock.now());
    await this.signIns.succeeded(req, 'password and two-factor code');
    return authUser;
  }

  /**
   * Takes a throttle point (atomically, before anything is checked), then checks an authenticator code
   * against the enabled (or, when enrolling, the pending) secret, or a recovery code. A right code gives
   * the admin's points back.
   */
  private async checkCode(
    user: UserEntity,
    code: string,
    ip: string,
    secret: 'enabled' | 'pending' = 'enabled',
  ): Promise<boolean> {
    await this.throttle.consumeTwoFactor(user.id, ip);
    const totp = totpCodeOf(code);
    const ok = totp
      ? await this.checkTotp(
          user,
          totp,
          secret === 'pending' ? user.twoFactorPendingSecret : user.twoFactorSecret,
        )
      : secret === 'enabled' && (await this.useRecoveryCode(user.id, code));
    if (ok) await this.throttle.resetTwoFactor(user.id, ip);
    return ok;
  }

  /** A valid code of a later time step than the last accepted one; the step is claimed atomically (no replay). */
  private async checkTotp(user: UserEntity, token: string, sealed: string | null): Promise<boolean> {
    if (!sealed) return false;
    const secret = openSecret(sealed, this.key);
    if (!secret) {
      this.logger.error(
        'The two-factor secret cannot be opened (was SESSION_SECRET changed?). Start once with ADMIN_RESET_2FA=true and enrol again.',
      );
      return false;
    }
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(this.clock.now() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      afterTimeStep: user.twoFactorLastStep ?? undefined,
    }).catch(() => ({ valid: false as const }));
    if (!result.valid || !('timeStep' in result)) return false;
    const claimed = await this.users
      .createQueryBuilder()
      .update(UserEntity)
      .set({ twoFactorLastStep: result.timeStep })
      .where('id = :id', { id: user.id })
      .andWhere('(twoFactorLastStep IS NULL OR twoFactorLastStep < :step)', { step: result.timeStep })
      .execute();
    return claimed.affected === 1;
  }

  /** Marks an unused recovery code used, in one conditional update: two requests cannot both use it. */
  private async useRecoveryCode(userId: number, code: string): Promise<boolean> {
    const used = await this.recoveryCodes.update(
      { userId, codeHash: hashRecoveryCode(code), usedAt: IsNull() },
      { usedAt: new Date(this.clock.now()) },
    );
    return used.affected === 1;
  }

  private async replaceRecoveryCodes(manager: EntityManager, userId: number): Promise<string[]> {
    const codes = generateRecoveryCodes();
    await manager.delete(RecoveryCodeEntity, { userId });
    await manager.insert(
      RecoveryCodeEntity,
      codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), usedAt: null })),
    );
    return codes;
  }

  private async requireUser(userId: number): Promise<UserEntity> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new UnauthorizedException('Authentication required');
    return user;
  }

  private async requireEnabled(userId: number): Promise<UserEntity> {
    const user = await this.requireUser(userId);
    if (!user.twoFactorSecret) throw new BadRequestException('Two-factor sign-in is off');
    return user;
  }

  /** The name the authenticator app shows: the site's host when PUBLIC_URL is set. */
  private issuer(): string {
    return this.env.PUBLIC_URL ? new URL(this.env.PUBLIC_URL).host : 'Channel site';
  }
}
