import { changePasswordBodySchema, loginBodySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class LoginDto extends createZodDto(loginBodySchema) {}
export class ChangePasswordDto extends createZodDto(changePasswordBodySchema) {}
