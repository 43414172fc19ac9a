import { Injectable } from '@nestjs/common';
import type { YoutubeChannelFigures, YoutubeFiguresResult, YoutubeVideoFigures } from '@app/contracts';

/**
 * TEMPORARY stand-in for the YouTube Analytics reader (youtube-analytics/, another branch): until it is merged
 * every figure is "not connected" — never a sample. Replaced by the reader itself at the merge.
 */
@Injectable()
export class YoutubeFiguresService {
  async video(_videoId: string): Promise<YoutubeFiguresResult<YoutubeVideoFigures>> {
    return { available: false, reason: 'not-connected', message: 'No Google account is connected' };
  }

  async channel(): Promise<YoutubeFiguresResult<YoutubeChannelFigures>> {
    return { available: false, reason: 'not-connected', message: 'No Google account is connected' };
  }
}
