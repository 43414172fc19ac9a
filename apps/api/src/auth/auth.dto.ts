import {
  adminSessionsSchema,
  passkeyLoginBodySchema,
  passkeyRegisterBodySchema,
  passkeyRegisterOptionsBodySchema,
  passkeyRemoveBodySchema,
  passkeyRenameBodySchema,
  passkeySchema,
  passkeysSchema,
  webAuthnOptionsSchema,
  authSessionSchema,
  authUserSchema,
  changePasswordBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  okSchema,
  recoveryCodesSchema,
  revokedSessionsSchema,
  twoFactorCodeBodySchema,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@app/contracts';
import { namedZodDto, zodDto } from '../docs/zod-dto';

export class LoginDto extends zodDto(loginBodySchema) {}
export class ChangePasswordDto extends zodDto(changePasswordBodySchema) {}
export class AuthUserDto extends zodDto(authUserSchema) {}
export class AuthSessionDto extends zodDto(authSessionSchema) {}
export class OkDto extends zodDto(okSchema) {}
export const LoginAnswerDto = namedZodDto('LoginAnswerDto', loginAnswerSchema);
export class TwoFactorCodeDto extends zodDto(twoFactorCodeBodySchema) {}
export class TwoFactorEnableDto extends zodDto(twoFactorEnableBodySchema) {}
export class TwoFactorDisableDto extends zodDto(twoFactorDisableBodySchema) {}
export class TwoFactorStatusDto extends zodDto(twoFactorStatusSchema) {}
export class TwoFactorSetupDto extends zodDto(twoFactorSetupSchema) {}
export class RecoveryCodesDto extends zodDto(recoveryCodesSchema) {}
export class AdminSessionsDto extends zodDto(adminSessionsSchema) {}
export class RevokedSessionsDto extends zodDto(revokedSessionsSchema) {}
export class PasskeyDto extends zodDto(passkeySchema) {}
export class PasskeysDto extends zodDto(passkeysSchema) {}
export class PasskeyRegisterOptionsDto extends zodDto(passkeyRegisterOptionsBodySchema) {}
export class PasskeyRegisterDto extends zodDto(passkeyRegisterBodySchema) {}
export class PasskeyRenameDto extends zodDto(passkeyRenameBodySchema) {}
export class PasskeyRemoveDto extends zodDto(passkeyRemoveBodySchema) {}
export class PasskeyLoginDto extends zodDto(passkeyLoginBodySchema) {}
export class WebAuthnOptionsDto extends zodDto(webAuthnOptionsSchema) {}
