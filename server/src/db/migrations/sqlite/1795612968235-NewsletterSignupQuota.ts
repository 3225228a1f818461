import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NewsletterSignupQuota1795612968235 implements MigrationInterface {
  name = 'NewsletterSignupQuota1795612968235';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "newsletter_signup_locks" ("ipHash" varchar(64) PRIMARY KEY NOT NULL)`);
    await queryRunner.query(`CREATE TABLE "temporary_newsletter_subscriptions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "source" varchar(40) NOT NULL DEFAULT ('footer'), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "ipHash" varchar(64), CONSTRAINT "UQ_57fd53bd8b39fe19d2be8136f64" UNIQUE ("email"))`);
    await queryRunner.query(`INSERT INTO "temporary_newsletter_subscriptions"("id", "email", "source", "createdAt") SELECT "id", "email", "source", "createdAt" FROM "newsletter_subscriptions"`);
    await queryRunner.query(`DROP TABLE "newsletter_subscriptions"`);
    await queryRunner.query(`ALTER TABLE "temporary_newsletter_subscriptions" RENAME TO "newsletter_subscriptions"`);
    await queryRunner.query(`CREATE INDEX "IDX_e8bd3db48daad6b11b61751afa" ON "newsletter_subscriptions" ("ipHash", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_e8bd3db48daad6b11b61751afa"`);
    await queryRunner.query(`ALTER TABLE "newsletter_subscriptions" RENAME TO "temporary_newsletter_subscriptions"`);
    await queryRunner.query(`CREATE TABLE "newsletter_subscriptions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "source" varchar(40) NOT NULL DEFAULT ('footer'), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_57fd53bd8b39fe19d2be8136f64" UNIQUE ("email"))`);
    await queryRunner.query(`INSERT INTO "newsletter_subscriptions"("id", "email", "source", "createdAt") SELECT "id", "email", "source", "createdAt" FROM "temporary_newsletter_subscriptions"`);
    await queryRunner.query(`DROP TABLE "temporary_newsletter_subscriptions"`);
    await queryRunner.query(`DROP TABLE "newsletter_signup_locks"`);
  }
}
