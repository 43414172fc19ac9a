import { Module } from '@nestjs/common';
import { DemoController } from './demo.controller';
import { DemoSeedService } from './demo-seed.service';

@Module({ controllers: [DemoController], providers: [DemoSeedService] })
export class DemoModule {}
