import { Logger } from '@nestjs/common';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import type { Clock } from '../common/clock';
import { loadEnv } from '../config/env';
import { hashPassword } from './password-hash';
import { PasskeyEntity } from './passkey.entity';
import { RecoveryCodeEntity } from './recovery-code.entity';
import { ServerResetEntity } from './server-reset.entity';
import { SessionEntity } from './session.entity';
import { StartupResetsService } from './startup-resets.service';
import { UserEntity } from './user.entity';

const FIRST_START = '2025-03-01T10:00:00.000Z';
const PASSWORD_RESET = { ADMIN_PASSWORD_RESET: 'true', ADMIN_PASSWORD: 'reset-password-1' };
const TWO_FACTOR_RESET = { ADMIN_RESET_2FA: 'true' };

const PASSWORD_APPLIED =
  'ADMIN_PASSWORD_RESET: the password of "admin" is now ADMIN_PASSWORD and every session has ended. ' +
  'Remove ADMIN_PASSWORD_RESET; later starts with it and this ADMIN_PASSWORD still set change nothing.';
const passwordStillSet = (appliedAt: string) =>
  `ADMIN_PASSWORD_RESET is still set, but this ADMIN_PASSWORD was already applied at ${appliedAt}: ` +
  'the stored password and the sessions were left alone. ' +
  'Remove ADMIN_PASSWORD_RESET (to reset again, set a different ADMIN_PASSWORD).';
const TWO_FACTOR_APPLIED =
  'ADMIN_RESET_2FA: two-factor sign-in turned off for "admin". Remove ADMIN_RESET_2FA and enrol again.';
const twoFactorStillSet = (appliedAt: string) =>
  `ADMIN_RESET_2FA is still set, but two-factor sign-in was already reset at ${appliedAt}: ` +
  'it was left alone (an enrolment since then stays on). Remove ADMIN_RESET_2FA ' +
  '(to reset again, start once without it first).';

/**
 * Each reset made from the server acts on the first start with its variable and never again while it stays
 * set; the admin's later password, sessions and enrolment survive every later start.
 */
describe('StartupResetsService', () => {
  let db: DataSource;
  let now: number;
  let warn: jest.SpyInstance;
  let sessionIds = 0;

  beforeEach(async () => {
    db = new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [UserEntity, SessionEntity, RecoveryCodeEntity, ServerResetEntity, PasskeyEntity],
      synchronize: true,
    });
    await db.initialize();
    now = Date.parse(FIRST_START);
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await db
      .getRepository(UserEntity)
      .insert({ username: 'admin', passwordHash: await hashPassword('admin123') });
    await signIn();
    await enrol();
  });

  afterEach(async () => {
    warn.mockRestore();
    await db.destroy();
  });

  /** One start of the API with these variables; what it logged as warnings. */
  async function start(variables: Record<string, string> = {}): Promise<string[]> {
    warn.mockClear();
    const clock = { now: () => now } as Clock;
    await new StartupResetsService(db.getRepository(ServerResetEntity), loadEnv(variables), clock).applyAll();
    return warn.mock.calls.map(([message]) => message);
  }

  const admin = () => db.getRepository(UserEntity).findOneByOrFail({ username: 'admin' });
  const sessions = () => db.getRepository(SessionEntity).count();
  const recoveryCodes = () => db.getRepository(RecoveryCodeEntity).count();
  const remembered = () => db.getRepository(ServerResetEntity).find({ order: { name: 'ASC' } });
  const passwordIs = async (password: string) => argon2.verify((await admin()).passwordHash, password);
  const twoFactorOn = async () => (await admin()).twoFactorSecret !== null;

  async function signIn(): Promise<void> {
    await db
      .getRepository(SessionEntity)
      .insert({ id: `s${++sessionIds}`, expiredAt: now + 60_000, json: '{}' });
  }

  /** The admin enrols a phone (the secret is opaque here) and gets two recovery codes. */
  async function enrol(): Promise<void> {
    const { id } = await admin();
    await db
      .getRepository(UserEntity)
      .update(
        { id },
        { twoFactorSecret: 'v1.sealed', twoFactorPendingSecret: 'v1.pending', twoFactorLastStep: 42 },
      );
    await db.getRepository(RecoveryCodeEntity).insert([
      { userId: id, codeHash: `a${sessionIds}${now}`, usedAt: null },
      { userId: id, codeHash: `b${sessionIds}${now}`, usedAt: null },
    ]);
  }

  async function changePassword(password: string): Promise<void> {
    await db
      .getRepository(UserEntity)
      .update({ username: 'admin' }, { passwordHash: await hashPassword(password) });
  }

  it('changes nothing, remembers nothing and says nothing without the variables', async () => {
    expect(await start()).toEqual([]);
    expect(await passwordIs('admin123')).toBe(true);
    expect(await sessions()).toBe(1);
    expect(await twoFactorOn()).toBe(true);
    expect(await recoveryCodes()).toBe(2);
    expect(await remembered()).toEqual([]);
  });

  it('ADMIN_PASSWORD_RESET applies on the first start with it, then once per ADMIN_PASSWORD', async () => {
    expect(await start(PASSWORD_RESET)).toEqual([PASSWORD_APPLIED]);
    expect(await passwordIs('reset-password-1')).toBe(true);
    expect(await sessions()).toBe(0);
    // The other reset was not asked for.
    expect(await twoFactorOn()).toBe(true);
    expect(await recoveryCodes()).toBe(2);
    const [done] = await remembered();
    expect(done).toMatchObject({ name: 'ADMIN_PASSWORD_RESET', appliedAt: new Date(FIRST_START) });
    expect(await argon2.verify(done.passwordHash!, 'reset-password-1')).toBe(true);

    // The owner signs in and chooses a password, then the API restarts with the variables still set.
    await changePassword('chosen-password-1');
    await signIn();
    now += 86_400_000;
    expect(await start(PASSWORD_RESET)).toEqual([passwordStillSet(FIRST_START)]);
    expect(await passwordIs('chosen-password-1')).toBe(true);
    expect(await sessions()).toBe(1);

    // A start without the variable keeps the record: the same ADMIN_PASSWORD set again changes nothing.
    expect(await start()).toEqual([]);
    expect(await remembered()).toHaveLength(1);
    expect(await start(PASSWORD_RESET)).toEqual([passwordStillSet(FIRST_START)]);
    expect(await passwordIs('chosen-password-1')).toBe(true);

    // A different ADMIN_PASSWORD is a new reset.
    expect(await start({ ...PASSWORD_RESET, ADMIN_PASSWORD: 'reset-password-2' })).toEqual([
      PASSWORD_APPLIED,
    ]);
    expect(await passwordIs('reset-password-2')).toBe(true);
    expect(await sessions()).toBe(0);
    expect(await remembered()).toMatchObject([{ name: 'ADMIN_PASSWORD_RESET', appliedAt: new Date(now) }]);
  });

  it('ADMIN_RESET_2FA applies on the first start with it; a start without it forgets, so it resets again', async () => {
    expect(await start(TWO_FACTOR_RESET)).toEqual([TWO_FACTOR_APPLIED]);
    expect(await admin()).toMatchObject({
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorLastStep: null,
    });
    expect(await recoveryCodes()).toBe(0);
    // The other reset was not asked for.
    expect(await passwordIs('admin123')).toBe(true);
    expect(await sessions()).toBe(1);
    expect(await remembered()).toMatchObject([
      { name: 'ADMIN_RESET_2FA', passwordHash: null, appliedAt: new Date(FIRST_START) },
    ]);

    // The owner enrols the new phone but forgets the variable.
    await enrol();
    now += 86_400_000;
    expect(await start(TWO_FACTOR_RESET)).toEqual([twoFactorStillSet(FIRST_START)]);
    expect(await twoFactorOn()).toBe(true);
    expect(await recoveryCodes()).toBe(2);

    expect(await start()).toEqual([]);
    expect(await remembered()).toEqual([]);
    expect(await twoFactorOn()).toBe(true);

    expect(await start(TWO_FACTOR_RESET)).toEqual([TWO_FACTOR_APPLIED]);
    expect(await twoFactorOn()).toBe(false);
    expect(await recoveryCodes()).toBe(0);
    expect(await remembered()).toMatchObject([{ name: 'ADMIN_RESET_2FA', appliedAt: new Date(now) }]);
  });

  it('ADMIN_RESET_2FA with nobody enrolled says there was nothing to reset, and still acts once', async () => {
    await db.getRepository(UserEntity).update({ username: 'admin' }, { twoFactorSecret: null });
    expect(await start(TWO_FACTOR_RESET)).toEqual([
      'ADMIN_RESET_2FA: two-factor sign-in was not on; nothing to reset. Remove ADMIN_RESET_2FA.',
    ]);
    expect(await start(TWO_FACTOR_RESET)).toEqual([twoFactorStillSet(FIRST_START)]);
  });

  it('with both variables, one start applies each reset once, and the next start neither', async () => {
    expect(await start({ ...PASSWORD_RESET, ...TWO_FACTOR_RESET })).toEqual([
      PASSWORD_APPLIED,
      TWO_FACTOR_APPLIED,
    ]);
    expect(await passwordIs('reset-password-1')).toBe(true);
    expect(await sessions()).toBe(0);
    expect(await twoFactorOn()).toBe(false);
    expect(await recoveryCodes()).toBe(0);
    expect((await remembered()).map((reset) => reset.name)).toEqual([
      'ADMIN_PASSWORD_RESET',
      'ADMIN_RESET_2FA',
    ]);

    await changePassword('chosen-password-1');
    await signIn();
    await enrol();
    expect(await start({ ...PASSWORD_RESET, ...TWO_FACTOR_RESET })).toEqual([
      passwordStillSet(FIRST_START),
      twoFactorStillSet(FIRST_START),
    ]);
    expect(await passwordIs('chosen-password-1')).toBe(true);
    expect(await sessions()).toBe(1);
    expect(await twoFactorOn()).toBe(true);
    expect(await recoveryCodes()).toBe(2);
  });
});
