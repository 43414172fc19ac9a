import { Controller, Get, Headers, HttpCode, NotFoundException, Post, Query, Req, Res } from '@nestjs/common';
import type { WebsubStatus } from '@app/contracts';
import type { Request, Response } from 'express';
import { Public } from '../common/public.decorator';
import { ApiJson, ApiText } from '../docs/api-response.decorators';
import { WebsubStatusDto } from './sync.dto';
import { WebsubService } from './websub.service';

/** YouTube push (WebSub, issue 24): the hub's public callback, and the admin's view of the subscription. */
@Controller('youtube/websub')
export class WebsubController {
  constructor(private readonly websub: WebsubService) {}

  /** The hub's intent verification: the challenge echoed as text, or 404. */
  @Public()
  @Get()
  @ApiText('text/plain', { description: 'The hub.challenge, echoed', errors: [404] })
  async verify(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const challenge = await this.websub.verify(query);
    if (challenge === null) throw new NotFoundException('No such subscription');
    res.setHeader('Cache-Control', 'no-store');
    res.type('text/plain');
    return challenge;
  }

  /** A notification: always the same empty 200, signed or not, so the sender learns nothing. */
  @Public()
  @Post()
  @HttpCode(200)
  @ApiText('text/plain', { description: 'Always empty, whether the notification was kept or dropped' })
  async notification(
    @Req() req: Request,
    @Headers('x-hub-signature') signature: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const body: unknown = req.body;
    if (Buffer.isBuffer(body)) await this.websub.notify(body, signature);
    res.setHeader('Cache-Control', 'no-store');
    res.type('text/plain');
    return '';
  }

  @Get('status')
  @ApiJson(WebsubStatusDto, { errors: [401] })
  status(): Promise<WebsubStatus> {
    return this.websub.status();
  }
}
