import { Controller, Get, Req } from '@nestjs/common';
import type { FirstRunChecklist } from '@app/contracts';
import type { Request } from 'express';
import { ApiJson } from '../docs/api-response.decorators';
import { FirstRunChecklistDto } from './checklist.dto';
import { ChecklistService } from './checklist.service';

/** Admin only (the global session guard). Marking the sitemap submitted and dismissing are settings. */
@Controller('admin/checklist')
export class ChecklistController {
  constructor(private readonly checklist: ChecklistService) {}

  @Get()
  @ApiJson(FirstRunChecklistDto, { errors: [401] })
  get(@Req() req: Request): Promise<FirstRunChecklist> {
    return this.checklist.checklist(req.user!.id);
  }
}
