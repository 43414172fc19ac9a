import { authUserSchema, changePasswordBodySchema, loginBodySchema, okSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class LoginDto extends zodDto(loginBodySchema) {}
export class ChangePasswordDto extends zodDto(changePasswordBodySchema) {}
export class AuthUserDto extends zodDto(authUserSchema) {}
export class OkDto extends zodDto(okSchema) {}
