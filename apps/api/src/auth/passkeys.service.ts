import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type AuthUser,
  type Passkey,
  type PasskeyLoginBody,
  type PasskeyRegisterBody,
  TWO_FACTOR_PENDING_MS,
  type WebAuthnOptions,
} from '@app/contracts';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Request } from 'express';
import type { Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { onFirstUse } from '../common/first-use';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { siteOrigin } from '../public-pages/site-url';
import { SettingsService } from '../settings/settings.service';
import { toAuthUser } from './auth.mapper';
import { LoginThrottleService } from './login-throttle.service';
import { PasskeyEntity } from './passkey.entity';
import { stampLogin } from './session.setup';
import { SignInsService } from './sign-ins.service';
import { UserEntity } from './user.entity';

/** SimpleWebAuthn and its certificate parsers: only a passkey's registration or sign-in needs them. */
const webauthn = onFirstUse<typeof import('@simplewebauthn/server')>('@simplewebauthn/server');

export const PASSKEY_NOT_ACCEPTED = 'The passkey was not accepted';
/** At most this many passkeys per admin. */
export const MAX_PASSKEYS = 20;

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * The admin's passkeys (WebAuthn, `@simplewebauthn/server`, issue 25): registered, named and removed in
 * Settings → Security; they sign in without a password, or stand in for the code at the second step while
 * two-factor sign-in is on. The relying party is the site's origin (PUBLIC_URL, else the request's checked
 * host); each challenge lives in the session for 5 minutes and is used once.
 */
@Injectable()
export class PasskeysService {
  private readonly logger = new Logger(PasskeysService.name);

  constructor(
    @InjectRepository(PasskeyEntity) private readonly passkeys: Repository<PasskeyEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(ENV) private readonly env: Env,
    private readonly settings: SettingsService,
    private readonly throttle: LoginThrottleService,
    private readonly signIns: SignInsService,
    private readonly clock: Clock,
  ) {}

  async list(userId: number): Promise<Passkey[]> {
    const rows = await this.passkeys.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    }));
  }

  /** The options for `navigator.credentials.create` (the caller checked the password). */
  async registrationOptions(req: Request, user: AuthUser): Promise<WebAuthnOptions> {
    const existing = await this.passkeys.find({ where: { userId: user.id } });
    if (existing.length >= MAX_PASSKEYS) {
      throw new BadRequestException(`At most ${MAX_PASSKEYS} passkeys: remove one first`);
    }
    const options = await webauthn().generateRegistrationOptions({
      rpName: await this.settings.siteName(),
      rpID: this.relyingParty(req).rpID,
      userName: user.username,
      userID: new TextEncoder().encode(`admin-${user.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: this.transportsOf(p) })),
      // A passkey signs in alone, so it must be discoverable and check who holds it.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    req.session.webauthn = { challenge: options.challenge, at: this.clock.now(), purpose: 'register' };
    return options as unknown as WebAuthnOptions;
  }

  /** Verifies the browser's answer to the registration options and stores the passkey under `name`. */
  async register(req: Request, user: AuthUser, body: PasskeyRegisterBody): Promise<Passkey> {
    const challenge = this.takeChallenge(req, 'register');
    const { origin, rpID } = this.relyingParty(req);
    const verification = await webauthn()
      .verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      })
      .catch((error: Error) => {
        throw new BadRequestException(`response: ${error.message}`);
      });
    if (!verification.verified) throw new BadRequestException('response: was not verified');
    const { credential } = verification.registrationInfo;
    if (await this.passkeys.existsBy({ id: credential.id })) {
      throw new BadRequestException('response: this passkey is registered already');
    }
    await this.passkeys.insert({
      id: credential.id,
      userId: user.id,
      name: body.name,
      publicKey: toBase64Url(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      createdAt: new Date(this.clock.now()),
      lastUsedAt: null,
    });
    return (await this.list(user.id)).find((p) => p.id === credential.id)!;
  }

  async rename(userId: number, id: string, name: string): Promise<Passkey> {
    const updated = await this.passkeys.update({ id, userId }, { name });
    if (!updated.affected) throw new NotFoundException('No such passkey');
    return (await this.list(userId)).find((p) => p.id === id)!;
  }

  /** Removes a passkey; answers its name. */
  async remove(userId: number, id: string): Promise<string> {
    const row = await this.passkeys.findOneBy({ id, userId });
    if (!row) throw new NotFoundException('No such passkey');
    await this.passkeys.delete({ id, userId });
    return row.name;
  }

  /**
   * The options for `navigator.credentials.get`. After the password of a two-factor sign-in (a pending
   * session), the admin's passkeys are offered as the second step; otherwise any passkey of the site signs
   * in alone (a discoverable credential, user verification required).
   */
  async loginOptions(req: Request): Promise<WebAuthnOptions> {
    await this.throttle.consumePasskeyStart(req.ip ?? 'unknown');
    const pending = this.pendingUser(req);
    const allow = pending ? await this.passkeys.find({ where: { userId: pending } }) : [];
    if (pending && !allow.length) throw new BadRequestException('No passkey is registered: use a code');
    const options = await webauthn().generateAuthenticationOptions({
      rpID: this.relyingParty(req).rpID,
      allowCredentials: allow.map((p) => ({ id: p.id, transports: this.transportsOf(p) })),
      userVerification: pending ? 'preferred' : 'required',
    });
    req.session.webauthn = { challenge: options.challenge, at: this.clock.now(), purpose: 'login' };
    return options as unknown as WebAuthnOptions;
  }

  /** Verifies a passkey's answer and signs the session in (a fresh session id, as after a password). */
  async login(req: Request, body: PasskeyLoginBody): Promise<AuthUser> {
    const pending = this.pendingUser(req);
    const ip = req.ip ?? 'unknown';
    // Counted before anything is checked, like passwords and codes.
    if (pending) await this.throttle.consumeTwoFactor(pending, ip);
    else await this.throttle.consumeLogin(ip, '(passkey)');
    const challenge = this.takeChallenge(req, 'login');
    const response = body.response as unknown as AuthenticationResponseJSON;
    const row = await this.passkeys.findOneBy({ id: response.id });
    const user = row && (await this.users.findOneBy({ id: row.userId }));
    if (!row || !user || (pending && row.userId !== pending)) {
      await this.signIns.failed(req, user?.username ?? 'unknown', 'unknown passkey');
      throw new UnauthorizedException(PASSKEY_NOT_ACCEPTED);
    }
    const { origin, rpID } = this.relyingParty(req);
    const verification = await webauthn()
      .verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: row.id,
          publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
          counter: row.counter,
          transports: this.transportsOf(row),
        },
        requireUserVerification: !pending,
      })
      .catch((error: Error) => {
        this.logger.warn(`A passkey sign-in was refused: ${error.message}`);
        return { verified: false as const, authenticationInfo: undefined };
      });
    if (!verification.verified || !verification.authenticationInfo) {
      await this.signIns.failed(req, user.username, 'passkey not accepted');
      throw new UnauthorizedException(PASSKEY_NOT_ACCEPTED);
    }
    await this.passkeys.update(
      { id: row.id },
      { counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date(this.clock.now()) },
    );
    if (pending) await this.throttle.resetTwoFactor(pending, ip);
    else await this.throttle.resetLogin(ip, '(passkey)');
    const authUser = toAuthUser(user);
    await new Promise<void>((resolve, reject) =>
      req.logIn(authUser, (error) => (error ? reject(error) : resolve())),
    );
    await stampLogin(req, this.clock.now());
    await this.signIns.succeeded(req, pending ? 'password and passkey' : `passkey "${row.name}"`);
    return authUser;
  }

  /** The user id of a live pending two-factor sign-in of this session, if any. */
  private pendingUser(req: Request): number | undefined {
    const pending = req.session?.twoFactorPending;
    return pending && this.clock.now() - pending.at <= TWO_FACTOR_PENDING_MS ? pending.userId : undefined;
  }

  /** The session's challenge for `purpose`, used once; a 400 when there is none or it is older than 5 minutes. */
  private takeChallenge(req: Request, purpose: 'register' | 'login'): string {
    const stored = req.session?.webauthn;
    if (req.session) delete req.session.webauthn;
    if (!stored || stored.purpose !== purpose || this.clock.now() - stored.at > TWO_FACTOR_PENDING_MS) {
      throw new BadRequestException('response: no passkey request is waiting (ask for the options again)');
    }
    return stored.challenge;
  }

  /** The relying party: the site's origin and its host name. */
  private relyingParty(req: Request): { origin: string; rpID: string } {
    const origin = siteOrigin(req, this.env.PUBLIC_URL);
    return { origin, rpID: new URL(origin).hostname };
  }

  private transportsOf(row: PasskeyEntity): string[] {
    try {
      return JSON.parse(row.transports) as string[];
    } catch {
      return [];
    }
  }
}
