import {
  youtubeCaptionsRefreshSchema,
  youtubeCaptionsStatusSchema,
  youtubeCaptionsSwitchBodySchema,
  youtubeCaptionsSwitchResultSchema,
} from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class YoutubeCaptionsStatusDto extends zodDto(youtubeCaptionsStatusSchema) {}
export class YoutubeCaptionsSwitchDto extends zodDto(youtubeCaptionsSwitchBodySchema) {}
export class YoutubeCaptionsSwitchResultDto extends zodDto(youtubeCaptionsSwitchResultSchema) {}
export class YoutubeCaptionsRefreshDto extends zodDto(youtubeCaptionsRefreshSchema) {}
