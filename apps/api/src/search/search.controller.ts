import { Controller, Get, Query } from '@nestjs/common';
import type { SearchResponse } from '@app/contracts';
import { Public } from '../common/public.decorator';
import { ApiJson } from '../docs/api-response.decorators';
import { SearchQueryDto, SearchResponseDto } from './search.dto';
import { SearchService } from './search.service';

@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  /**
   * The site search over titles, chapters, descriptions and transcripts: every word must match, the last one as a
   * prefix; best match first, each with a marked snippet and its moments ("at 12:34").
   */
  @Public()
  @Get()
  @ApiJson(SearchResponseDto, { errors: [400] })
  find(@Query() query: SearchQueryDto): Promise<SearchResponse> {
    return this.search.search(query.q, query.limit, query.offset);
  }
}
