import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { MissingImages, RetryImagesResult } from '@app/contracts';
import { ApiJson } from '../docs/api-response.decorators';
import { MissingImagesDto, RetryImagesDto, RetryImagesResultDto } from './images.dto';
import { MissingImagesService } from './missing-images.service';

/** The dashboard's missing images and their retry. Admin only (the global session guard): no route is @Public(). */
@Controller('admin/images')
export class ImagesAdminController {
  constructor(private readonly missing: MissingImagesService) {}

  @Get('missing')
  @ApiJson(MissingImagesDto, { errors: [401] })
  list(): Promise<MissingImages> {
    return this.missing.list();
  }

  /** `{}`: every missing image; `{kind, ref}`: that one. Answers how many were queued. */
  @Post('retry')
  @HttpCode(200)
  @ApiJson(RetryImagesResultDto, { body: RetryImagesDto, errors: [400, 401, 403, 413, 415] })
  async retry(@Body() body: unknown): Promise<RetryImagesResult> {
    return { queued: await this.missing.retry(body) };
  }
}
