import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChannelModule } from '../channel/channel.module';
import { SettingsModule } from '../settings/settings.module';
import { ChecklistController } from './checklist.controller';
import { ChecklistService } from './checklist.service';

@Module({
  imports: [AuthModule, ChannelModule, SettingsModule],
  controllers: [ChecklistController],
  providers: [ChecklistService],
})
export class ChecklistModule {}
