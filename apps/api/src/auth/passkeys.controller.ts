import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  type AuthUser,
  type Ok,
  type Passkey,
  passkeyIdParamSchema,
  type Passkeys,
  type WebAuthnOptions,
} from '@app/contracts';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { AuditService } from '../audit/audit.service';
import { Public } from '../common/public.decorator';
import { ZodParamPipe } from '../common/validation';
import { ApiJson } from '../docs/api-response.decorators';
import {
  AuthUserDto,
  OkDto,
  PasskeyDto,
  PasskeyLoginDto,
  PasskeyRegisterDto,
  PasskeyRegisterOptionsDto,
  PasskeyRemoveDto,
  PasskeyRenameDto,
  PasskeysDto,
  WebAuthnOptionsDto,
} from './auth.dto';
import { AuthService } from './auth.service';
import { PasskeysService } from './passkeys.service';

const idPipe = new ZodParamPipe(passkeyIdParamSchema, 'id');

/** Passkeys: managed in Settings → Security; signing in with one is public, like the password. */
@Controller('auth')
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  @Get('passkeys')
  @ApiJson(PasskeysDto, { errors: [401] })
  async list(@Req() req: Request): Promise<Passkeys> {
    return { passkeys: await this.passkeys.list(req.user!.id) };
  }

  /** Step one of adding a passkey: the password (and a code while two-factor sign-in is on), then the options. */
  @Post('passkeys/register/options')
  @HttpCode(200)
  @ApiJson(WebAuthnOptionsDto, { errors: [400, 401, 403, 413, 415, 429] })
  async registrationOptions(
    @Req() req: Request,
    @Body() body: PasskeyRegisterOptionsDto,
  ): Promise<WebAuthnOptions> {
    await this.auth.stepUp(req.user!.id, body, req.ip ?? 'unknown');
    return this.passkeys.registrationOptions(req, req.user!);
  }

  /** Step two: the browser's answer, and the name to give the passkey. */
  @Post('passkeys/register')
  @HttpCode(200)
  @ApiJson(PasskeyDto, { errors: [400, 401, 403, 413, 415] })
  async register(@Req() req: Request, @Body() body: PasskeyRegisterDto): Promise<Passkey> {
    const passkey = await this.passkeys.register(req, req.user!, body);
    await this.audit.record('passkey-added', actorOf(req), `"${passkey.name}"`);
    return passkey;
  }

  /** Renaming or removing a way to sign in asks the step-up, as adding one does. */
  @Put('passkeys/:id')
  @ApiJson(PasskeyDto, { errors: [400, 401, 403, 404, 413, 415, 429] })
  async rename(
    @Req() req: Request,
    @Param('id', idPipe) id: string,
    @Body() { name, ...stepUp }: PasskeyRenameDto,
  ): Promise<Passkey> {
    await this.auth.stepUp(req.user!.id, stepUp, req.ip ?? 'unknown');
    const before = (await this.passkeys.list(req.user!.id)).find((p) => p.id === id)?.name;
    const passkey = await this.passkeys.rename(req.user!.id, id, name);
    await this.audit.record('passkey-renamed', actorOf(req), `"${before}" → "${passkey.name}"`);
    return passkey;
  }

  @Delete('passkeys/:id')
  @ApiJson(OkDto, { errors: [400, 401, 403, 404, 413, 415, 429] })
  async remove(
    @Req() req: Request,
    @Param('id', idPipe) id: string,
    @Body() body: PasskeyRemoveDto,
  ): Promise<Ok> {
    await this.auth.stepUp(req.user!.id, body, req.ip ?? 'unknown');
    const name = await this.passkeys.remove(req.user!.id, id);
    await this.audit.record('passkey-removed', actorOf(req), `"${name}"`);
    return { ok: true };
  }

  /** A passkey sign-in's options: alone, or as the second step after the password. */
  @Public()
  @Post('login/passkey/options')
  @HttpCode(200)
  @ApiJson(WebAuthnOptionsDto, { errors: [400, 403, 415, 429] })
  loginOptions(@Req() req: Request): Promise<WebAuthnOptions> {
    return this.passkeys.loginOptions(req);
  }

  @Public()
  @Post('login/passkey')
  @HttpCode(200)
  @ApiJson(AuthUserDto, { errors: [400, 401, 403, 413, 415, 429] })
  login(@Req() req: Request, @Body() body: PasskeyLoginDto): Promise<AuthUser> {
    return this.passkeys.login(req, body);
  }
}
