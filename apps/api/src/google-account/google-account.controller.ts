import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Query,
  Redirect,
  Req,
} from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { GoogleAccountStatus, GoogleAuthorization, GoogleDisconnectResult } from '@app/contracts';
import type { Request } from 'express';
import { actorOf } from '../audit/audit-actor';
import { ApiErrors, ApiJson } from '../docs/api-response.decorators';
import {
  ConnectGoogleDto,
  GoogleAccountStatusDto,
  GoogleAuthorizationDto,
  GoogleDisconnectResultDto,
} from './google-account.dto';
import { GoogleAccountService } from './google-account.service';
import { GoogleConnectService } from './google-connect.service';

/** The owner's Google account (docs/integrations/google-account.md). Admin only: no route is @Public(). */
@Controller('admin/google-account')
export class GoogleAccountController {
  constructor(
    private readonly accounts: GoogleAccountService,
    private readonly connection: GoogleConnectService,
  ) {}

  @Get()
  @ApiJson(GoogleAccountStatusDto, { errors: [401] })
  status(@Req() req: Request): Promise<GoogleAccountStatus> {
    return this.connection.status(req);
  }

  /** The address of Google's consent page; the dashboard sends the browser there. */
  @Post('connect')
  @HttpCode(HttpStatus.OK)
  @ApiJson(GoogleAuthorizationDto, { errors: [400, 401, 403, 413, 415] })
  connect(@Req() req: Request, @Body() body: ConnectGoogleDto): Promise<GoogleAuthorization> {
    return this.connection.start(req, body.revenue);
  }

  /** Where Google sends the browser back: checks the session's state, then back to the dashboard's card. */
  @Get('callback')
  @Redirect()
  @ApiResponse({
    status: HttpStatus.SEE_OTHER,
    description: 'Back to the dashboard, whose Google account card tells how the connection went',
    headers: { Location: { description: 'The dashboard', schema: { type: 'string' } } },
  })
  @ApiErrors(401)
  async callback(
    @Req() req: Request,
    @Query() query: Record<string, unknown>,
  ): Promise<{ url: string; statusCode: number }> {
    return { url: await this.connection.finish(req, query), statusCode: HttpStatus.SEE_OTHER };
  }

  /** Revokes the grant at Google and deletes it. */
  @Delete()
  @ApiJson(GoogleDisconnectResultDto, { errors: [401, 403] })
  disconnect(@Req() req: Request): Promise<GoogleDisconnectResult> {
    return this.accounts.disconnect(actorOf(req));
  }
}
