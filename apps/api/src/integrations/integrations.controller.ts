import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  type IntegrationCheck,
  type IntegrationChecks,
  type IntegrationId,
  integrationIdSchema,
} from '@app/contracts';
import { ZodParamPipe } from '../common/validation';
import { ApiJson } from '../docs/api-response.decorators';
import { IntegrationCheckDto, IntegrationChecksDto } from './integrations.dto';
import { IntegrationsService } from './integrations.service';

/** Admin only (the global session guard): neither route is @Public(). */
@Controller()
export class IntegrationsController {
  constructor(private readonly integrations: IntegrationsService) {}

  /** A failed check is still a 200: the answer says what the service said (`ok: false`). */
  @Post('integrations/:id/test')
  @HttpCode(200)
  @ApiJson(IntegrationCheckDto, { errors: [400, 401, 403] })
  test(
    @Param('id', new ZodParamPipe(integrationIdSchema, 'id')) id: IntegrationId,
  ): Promise<IntegrationCheck> {
    return this.integrations.test(id);
  }

  @Get('admin/integrations/checks')
  @ApiJson(IntegrationChecksDto, { errors: [401] })
  async checks(): Promise<IntegrationChecks> {
    return { checks: await this.integrations.lastChecks() };
  }
}
