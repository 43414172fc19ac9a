import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { ChannelModule } from '../channel/channel.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { SettingsModule } from '../settings/settings.module';
import { GoogleAccountController } from './google-account.controller';
import { GoogleAccountEntity } from './google-account.entity';
import { GoogleAccountService } from './google-account.service';
import { GoogleAccountStore } from './google-account-store';
import { GoogleConnectService } from './google-connect.service';

/**
 * The owner's Google account: connecting it (OAuth 2.0 with PKCE), its refresh token sealed at rest, and
 * GoogleAccountService.access() for whoever reads the YouTube Analytics API with it. Owns `google_account`.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([GoogleAccountEntity]),
    AuditModule,
    ChannelModule,
    NotificationsModule,
    SettingsModule,
  ],
  controllers: [GoogleAccountController],
  providers: [GoogleAccountStore, GoogleAccountService, GoogleConnectService],
  exports: [GoogleAccountService, GoogleConnectService],
})
export class GoogleAccountModule {}
