import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NewsletterSignupQuota1795612970926 implements MigrationInterface {
  name = 'NewsletterSignupQuota1795612970926';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`newsletter_signup_locks\` (\`ipHash\` varchar(64) NOT NULL, PRIMARY KEY (\`ipHash\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`newsletter_subscriptions\` ADD \`ipHash\` varchar(64) NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_e8bd3db48daad6b11b61751afa\` ON \`newsletter_subscriptions\` (\`ipHash\`, \`createdAt\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_e8bd3db48daad6b11b61751afa\` ON \`newsletter_subscriptions\``);
    await queryRunner.query(`ALTER TABLE \`newsletter_subscriptions\` DROP COLUMN \`ipHash\``);
    await queryRunner.query(`DROP TABLE \`newsletter_signup_locks\``);
  }
}
