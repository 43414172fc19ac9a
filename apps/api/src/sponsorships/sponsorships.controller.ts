import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { type Sponsorship, sponsorshipIdSchema, type SponsorshipList } from '@app/contracts';
import { ZodParamPipe } from '../common/validation';
import { ApiJson } from '../docs/api-response.decorators';
import { toSponsorship, toSponsorshipRow } from './sponsorship.mapper';
import { SponsorshipDto, SponsorshipInputDto, SponsorshipListDto } from './sponsorships.dto';
import { SponsorshipsService } from './sponsorships.service';

/** Admin only (the global session guard): no route is @Public(). */
@Controller('admin/sponsorships')
export class SponsorshipsController {
  constructor(private readonly sponsorships: SponsorshipsService) {}

  @Get()
  @ApiJson(SponsorshipListDto, { errors: [401] })
  async list(): Promise<SponsorshipList> {
    return { sponsorships: (await this.sponsorships.list()).map(toSponsorship) };
  }

  @Post()
  @HttpCode(201)
  @ApiJson(SponsorshipDto, { status: 201, errors: [400, 401, 403, 413, 415] })
  async create(@Body() body: SponsorshipInputDto): Promise<Sponsorship> {
    return toSponsorship(await this.sponsorships.create(toSponsorshipRow(body)));
  }

  @Put(':id')
  @ApiJson(SponsorshipDto, { errors: [400, 401, 403, 404, 413, 415] })
  async update(
    @Param('id', new ZodParamPipe(sponsorshipIdSchema, 'id')) id: number,
    @Body() body: SponsorshipInputDto,
  ): Promise<Sponsorship> {
    return toSponsorship(await this.sponsorships.update(id, toSponsorshipRow(body)));
  }

  /** Answers the deal it deleted. */
  @Delete(':id')
  @ApiJson(SponsorshipDto, { errors: [400, 401, 403, 404] })
  async remove(@Param('id', new ZodParamPipe(sponsorshipIdSchema, 'id')) id: number): Promise<Sponsorship> {
    return toSponsorship(await this.sponsorships.remove(id));
  }
}
