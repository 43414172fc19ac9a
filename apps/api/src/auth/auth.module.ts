import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { SettingsModule } from '../settings/settings.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LocalStrategy } from './local.strategy';
import { LoginGuard } from './login.guard';
import { LoginThrottleService } from './login-throttle.service';
import { PasskeyEntity } from './passkey.entity';
import { PasskeysController } from './passkeys.controller';
import { PasskeysService } from './passkeys.service';
import { RecoveryCodeEntity } from './recovery-code.entity';
import { ServerResetEntity } from './server-reset.entity';
import { SessionEntity } from './session.entity';
import { SessionGuard } from './session.guard';
import { SessionSerializer } from './session.serializer';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';
import { SignInsService } from './sign-ins.service';
import { StartupResetsService } from './startup-resets.service';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';
import { UserEntity } from './user.entity';
import './auth.types';

@Module({
  imports: [
    PassportModule.register({ session: true }),
    TypeOrmModule.forFeature([
      UserEntity,
      SessionEntity,
      RecoveryCodeEntity,
      ServerResetEntity,
      PasskeyEntity,
    ]),
    AuditModule,
    NotificationsModule,
    SettingsModule,
  ],
  controllers: [AuthController, TwoFactorController, SessionsController, PasskeysController],
  providers: [
    AuthService,
    LocalStrategy,
    SessionSerializer,
    LoginThrottleService,
    LoginGuard,
    TwoFactorService,
    StartupResetsService,
    SessionsService,
    SignInsService,
    PasskeysService,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [AuthService],
})
export class AuthModule {}
