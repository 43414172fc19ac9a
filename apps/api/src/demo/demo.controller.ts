import { Controller, Get, Header, NotFoundException, Param } from '@nestjs/common';
import { Public } from '../common/public.decorator';
import { ApiText } from '../docs/api-response.decorators';
import { demoThumbnailSvg } from './demo-content';

@Controller('demo')
export class DemoController {
  /** Offline thumbnails of the demo content, e.g. /api/demo/thumbnails/v12.svg. */
  @Public()
  @Get('thumbnails/:name')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=604800, immutable')
  @ApiText('image/svg+xml', { description: 'The SVG thumbnail', errors: [404] })
  thumbnail(@Param('name') name: string): string {
    const match = /^([vp])([1-9]\d{0,2})\.svg$/.exec(name);
    if (!match) throw new NotFoundException('No such demo thumbnail');
    return demoThumbnailSvg(match[1] as 'v' | 'p', Number(match[2]));
  }
}
