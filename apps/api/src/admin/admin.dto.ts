import { backupSchema, importResultSchema, sitemapResultSchema } from '@app/contracts';
import { zodDto } from '../docs/zod-dto';

export class BackupDto extends zodDto(backupSchema) {}
export class ImportResultDto extends zodDto(importResultSchema) {}
export class SitemapResultDto extends zodDto(sitemapResultSchema) {}
