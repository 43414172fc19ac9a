import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingEntity } from './setting.entity';

@Module({
  imports: [TypeOrmModule.forFeature([SettingEntity])],
})
export class SettingsModule {}
