import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddEmailVerification1795805205090 implements MigrationInterface {
  name = 'AddEmailVerification1795805205090';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "email_verification_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "tokenHash" varchar(64) NOT NULL, "userId" integer NOT NULL, "expiresAt" datetime(3) NOT NULL, "usedAt" datetime(3), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "email" varchar(254) NOT NULL)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_90489f8f3368c45f461e90efbe" ON "email_verification_tokens" ("tokenHash") `);
    await queryRunner.query(`CREATE TABLE "temporary_users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "username" varchar(20) NOT NULL, "usernameKey" varchar(20) NOT NULL, "name" varchar(80), "passwordHash" varchar(255) NOT NULL, "role" varchar(16) NOT NULL DEFAULT ('user'), "bio" text, "profilePicture" varchar(500), "sessionGeneration" integer NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "updatedAt" datetime NOT NULL DEFAULT (datetime('now')), "emailVerifiedAt" datetime(3), "pendingEmail" varchar(254), CONSTRAINT "UQ_fddaf46b524fa6c88ac581ce8c4" UNIQUE ("usernameKey"), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"))`);
    await queryRunner.query(`INSERT INTO "temporary_users"("id", "email", "username", "usernameKey", "name", "passwordHash", "role", "bio", "profilePicture", "sessionGeneration", "createdAt", "updatedAt") SELECT "id", "email", "username", "usernameKey", "name", "passwordHash", "role", "bio", "profilePicture", "sessionGeneration", "createdAt", "updatedAt" FROM "users"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`ALTER TABLE "temporary_users" RENAME TO "users"`);
    await queryRunner.query(`DROP INDEX "IDX_90489f8f3368c45f461e90efbe"`);
    await queryRunner.query(`CREATE TABLE "temporary_email_verification_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "tokenHash" varchar(64) NOT NULL, "userId" integer NOT NULL, "expiresAt" datetime(3) NOT NULL, "usedAt" datetime(3), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "email" varchar(254) NOT NULL, CONSTRAINT "FK_10f285d038feb767bf7c2da14b3" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_email_verification_tokens"("id", "tokenHash", "userId", "expiresAt", "usedAt", "createdAt", "email") SELECT "id", "tokenHash", "userId", "expiresAt", "usedAt", "createdAt", "email" FROM "email_verification_tokens"`);
    await queryRunner.query(`DROP TABLE "email_verification_tokens"`);
    await queryRunner.query(`ALTER TABLE "temporary_email_verification_tokens" RENAME TO "email_verification_tokens"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_90489f8f3368c45f461e90efbe" ON "email_verification_tokens" ("tokenHash") `);
    // Accounts made before verification existed count as verified (docs/decisions.md).
    await queryRunner.query(`UPDATE "users" SET "emailVerifiedAt" = "createdAt"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_90489f8f3368c45f461e90efbe"`);
    await queryRunner.query(`ALTER TABLE "email_verification_tokens" RENAME TO "temporary_email_verification_tokens"`);
    await queryRunner.query(`CREATE TABLE "email_verification_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "tokenHash" varchar(64) NOT NULL, "userId" integer NOT NULL, "expiresAt" datetime(3) NOT NULL, "usedAt" datetime(3), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "email" varchar(254) NOT NULL)`);
    await queryRunner.query(`INSERT INTO "email_verification_tokens"("id", "tokenHash", "userId", "expiresAt", "usedAt", "createdAt", "email") SELECT "id", "tokenHash", "userId", "expiresAt", "usedAt", "createdAt", "email" FROM "temporary_email_verification_tokens"`);
    await queryRunner.query(`DROP TABLE "temporary_email_verification_tokens"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_90489f8f3368c45f461e90efbe" ON "email_verification_tokens" ("tokenHash") `);
    await queryRunner.query(`ALTER TABLE "users" RENAME TO "temporary_users"`);
    await queryRunner.query(`CREATE TABLE "users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "username" varchar(20) NOT NULL, "usernameKey" varchar(20) NOT NULL, "name" varchar(80), "passwordHash" varchar(255) NOT NULL, "role" varchar(16) NOT NULL DEFAULT ('user'), "bio" text, "profilePicture" varchar(500), "sessionGeneration" integer NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "updatedAt" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_fddaf46b524fa6c88ac581ce8c4" UNIQUE ("usernameKey"), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"))`);
    await queryRunner.query(`INSERT INTO "users"("id", "email", "username", "usernameKey", "name", "passwordHash", "role", "bio", "profilePicture", "sessionGeneration", "createdAt", "updatedAt") SELECT "id", "email", "username", "usernameKey", "name", "passwordHash", "role", "bio", "profilePicture", "sessionGeneration", "createdAt", "updatedAt" FROM "temporary_users"`);
    await queryRunner.query(`DROP TABLE "temporary_users"`);
    await queryRunner.query(`DROP INDEX "IDX_90489f8f3368c45f461e90efbe"`);
    await queryRunner.query(`DROP TABLE "email_verification_tokens"`);
  }
}
