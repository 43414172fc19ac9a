import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { alteredTable } from '../migration-tables';

/**
 * Double opt-in for the local newsletter list (issue 25): a sign-up is `pending` until its e-mailed link is
 * followed (`confirmed`); `none` is a sign-up stored without confirmation (no SMTP server, or Mailchimp asks).
 * Rows from before stay `none`.
 */
export class NewsletterConfirmation1765000000000 implements MigrationInterface {
  name = 'NewsletterConfirmation1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      alteredTable(queryRunner, 'newsletter_subscriber'),
      new TableColumn({
        name: 'confirmation',
        type: 'varchar',
        length: '16',
        default: "'none'",
        isNullable: false,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('newsletter_subscriber', 'confirmation');
  }
}
