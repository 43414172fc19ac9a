import { Module } from '@nestjs/common';
import { YoutubeFiguresService } from './youtube-figures.service';

/** TEMPORARY (see youtube-figures.service.ts). */
@Module({ providers: [YoutubeFiguresService], exports: [YoutubeFiguresService] })
export class YoutubeFiguresModule {}
