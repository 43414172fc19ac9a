import {
  connectGoogleBodySchema,
  googleAccountStatusSchema,
  googleAuthorizationSchema,
  googleDisconnectResultSchema,
} from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class GoogleAccountStatusDto extends zodDto(googleAccountStatusSchema) {}
export class ConnectGoogleDto extends zodDto(connectGoogleBodySchema) {}
export class GoogleAuthorizationDto extends zodDto(googleAuthorizationSchema) {}
export class GoogleDisconnectResultDto extends zodDto(googleDisconnectResultSchema) {}
