import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { type EntityManager, IsNull, Not, type Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { hashPassword } from './password-hash';
import { PasskeyEntity } from './passkey.entity';
import { RecoveryCodeEntity } from './recovery-code.entity';
import { ServerResetEntity } from './server-reset.entity';
import { SessionEntity } from './session.entity';
import { TWO_FACTOR_OFF } from './two-factor.service';
import { UserEntity } from './user.entity';

/** The environment's true/false variables. */
type EnvSwitch = keyof { [K in keyof Env as Env[K] extends boolean ? K : never]: true };

/** What a reset asked for on this start will do, read before its transaction. */
interface ResetPlan {
  /** Remembered in server_reset (ADMIN_PASSWORD_RESET: the hash of the ADMIN_PASSWORD it applies). */
  passwordHash: string | null;
  /** The change, in the transaction that also remembers the reset. */
  apply(manager: EntityManager): Promise<void>;
  /** Logged once the change is made. */
  warning: string;
}

/**
 * A reset the owner makes from the server by setting a variable to true. It is remembered (the row of
 * server_reset named after the variable), so that a variable left set acts on one start, not on every start,
 * where it would undo what the owner did since (a password change, a new enrolment).
 */
interface StartupReset {
  variable: EnvSwitch;
  /** Whether the remembered reset already did what the variables ask for now. */
  alreadyApplied(done: ServerResetEntity, env: Env): Promise<boolean>;
  /** A start without the variable forgets the reset, so that the next time it is set, it resets again. */
  forgetWhenUnset: boolean;
  /** The warning of a start with the variable still set, which changes nothing. */
  stillSet(appliedAt: string): string;
  plan(manager: EntityManager, env: Env): Promise<ResetPlan>;
}

const quoted = (users: UserEntity[]) => users.map((user) => `"${user.username}"`).join(', ');

/** Every reset made from the server, in the order a start applies them. */
const STARTUP_RESETS: readonly StartupReset[] = [
  {
    // The owner's way back in: ADMIN_PASSWORD becomes the password and every session ends. Once per
    // ADMIN_PASSWORD (remembered hashed): a different value is a new reset.
    variable: 'ADMIN_PASSWORD_RESET',
    alreadyApplied: async (done, env) =>
      !!done.passwordHash && (await argon2.verify(done.passwordHash, env.ADMIN_PASSWORD!)),
    forgetWhenUnset: false,
    stillSet: (appliedAt) =>
      `ADMIN_PASSWORD_RESET is still set, but this ADMIN_PASSWORD was already applied at ${appliedAt}: ` +
      'the stored password and the sessions were left alone. ' +
      'Remove ADMIN_PASSWORD_RESET (to reset again, set a different ADMIN_PASSWORD).',
    async plan(manager, env) {
      const passwordHash = await hashPassword(env.ADMIN_PASSWORD!);
      const names = quoted(await manager.find(UserEntity));
      return {
        passwordHash,
        async apply(tx) {
          await tx.createQueryBuilder().update(UserEntity).set({ passwordHash }).execute();
          await tx.createQueryBuilder().delete().from(SessionEntity).execute();
        },
        warning:
          `ADMIN_PASSWORD_RESET: the password of ${names} is now ADMIN_PASSWORD and every session has ended. ` +
          'Remove ADMIN_PASSWORD_RESET; later starts with it and this ADMIN_PASSWORD still set change nothing.',
      };
    },
  },
  {
    // The owner lost the phone: sign-in goes back to username and password, the recovery codes and the
    // passkeys (an intruder may have added one) are deleted.
    variable: 'ADMIN_RESET_2FA',
    alreadyApplied: async () => true,
    forgetWhenUnset: true,
    stillSet: (appliedAt) =>
      `ADMIN_RESET_2FA is still set, but two-factor sign-in was already reset at ${appliedAt}: ` +
      'it was left alone (an enrolment since then stays on). Remove ADMIN_RESET_2FA ' +
      '(to reset again, start once without it first).',
    async plan(manager) {
      const names = quoted(await manager.findBy(UserEntity, { twoFactorSecret: Not(IsNull()) }));
      const passkeys = await manager.count(PasskeyEntity);
      const passkeysGone = passkeys
        ? ` ${passkeys} passkey${passkeys === 1 ? ' was' : 's were'} removed.`
        : '';
      return {
        passwordHash: null,
        async apply(tx) {
          await tx.createQueryBuilder().update(UserEntity).set(TWO_FACTOR_OFF).execute();
          await tx.createQueryBuilder().delete().from(RecoveryCodeEntity).execute();
          await tx.createQueryBuilder().delete().from(PasskeyEntity).execute();
        },
        warning: names
          ? `ADMIN_RESET_2FA: two-factor sign-in turned off for ${names}. Remove ADMIN_RESET_2FA and enrol again.${passkeysGone}`
          : passkeys
            ? `ADMIN_RESET_2FA:${passkeysGone} Remove ADMIN_RESET_2FA.`
            : 'ADMIN_RESET_2FA: two-factor sign-in was not on; nothing to reset. Remove ADMIN_RESET_2FA.',
      };
    },
  },
];

/**
 * The resets made from the server (ADMIN_PASSWORD_RESET, ADMIN_RESET_2FA), each applied on one start only:
 * the first start with the variable resets and remembers it; later starts with it still set change nothing
 * and only warn.
 */
@Injectable()
export class StartupResetsService {
  private readonly logger = new Logger(StartupResetsService.name);

  constructor(
    @InjectRepository(ServerResetEntity) private readonly applied: Repository<ServerResetEntity>,
    @Inject(ENV) private readonly env: Env,
    private readonly clock: Clock,
  ) {}

  /** Called on start once the admin exists, before production checks the stored password. */
  async applyAll(): Promise<void> {
    for (const reset of STARTUP_RESETS) await this.applyOnce(reset);
  }

  private async applyOnce(reset: StartupReset): Promise<void> {
    const name = reset.variable;
    if (!this.env[name]) {
      if (reset.forgetWhenUnset) await this.applied.delete({ name });
      return;
    }
    const done = await this.applied.findOneBy({ name });
    if (done && (await reset.alreadyApplied(done, this.env))) {
      this.logger.warn(reset.stillSet(done.appliedAt.toISOString()));
      return;
    }
    const plan = await reset.plan(this.applied.manager, this.env);
    await this.applied.manager.transaction(async (manager) => {
      await plan.apply(manager);
      await manager.upsert(
        ServerResetEntity,
        { name, passwordHash: plan.passwordHash, appliedAt: new Date(this.clock.now()) },
        ['name'],
      );
    });
    this.logger.warn(plan.warning);
  }
}
