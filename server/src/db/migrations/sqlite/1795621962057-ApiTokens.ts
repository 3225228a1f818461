import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiTokens1795621962057 implements MigrationInterface {
  name = 'ApiTokens1795621962057';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "api_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "name" varchar(60) NOT NULL, "scope" varchar(8) NOT NULL, "tokenHash" varchar(64) NOT NULL, "hint" varchar(12) NOT NULL, "lastUsedAt" datetime(3), "createdAt" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`CREATE INDEX "IDX_2a2ce819bd75cc0193bfb2692b" ON "api_tokens" ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_cdac8e064e6e9c2e0835d1c1b8" ON "api_tokens" ("tokenHash") `);
    await queryRunner.query(`DROP INDEX "IDX_2a2ce819bd75cc0193bfb2692b"`);
    await queryRunner.query(`DROP INDEX "IDX_cdac8e064e6e9c2e0835d1c1b8"`);
    await queryRunner.query(`CREATE TABLE "temporary_api_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "name" varchar(60) NOT NULL, "scope" varchar(8) NOT NULL, "tokenHash" varchar(64) NOT NULL, "hint" varchar(12) NOT NULL, "lastUsedAt" datetime(3), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_2a2ce819bd75cc0193bfb2692bd" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_api_tokens"("id", "userId", "name", "scope", "tokenHash", "hint", "lastUsedAt", "createdAt") SELECT "id", "userId", "name", "scope", "tokenHash", "hint", "lastUsedAt", "createdAt" FROM "api_tokens"`);
    await queryRunner.query(`DROP TABLE "api_tokens"`);
    await queryRunner.query(`ALTER TABLE "temporary_api_tokens" RENAME TO "api_tokens"`);
    await queryRunner.query(`CREATE INDEX "IDX_2a2ce819bd75cc0193bfb2692b" ON "api_tokens" ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_cdac8e064e6e9c2e0835d1c1b8" ON "api_tokens" ("tokenHash") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_cdac8e064e6e9c2e0835d1c1b8"`);
    await queryRunner.query(`DROP INDEX "IDX_2a2ce819bd75cc0193bfb2692b"`);
    await queryRunner.query(`ALTER TABLE "api_tokens" RENAME TO "temporary_api_tokens"`);
    await queryRunner.query(`CREATE TABLE "api_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "name" varchar(60) NOT NULL, "scope" varchar(8) NOT NULL, "tokenHash" varchar(64) NOT NULL, "hint" varchar(12) NOT NULL, "lastUsedAt" datetime(3), "createdAt" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`INSERT INTO "api_tokens"("id", "userId", "name", "scope", "tokenHash", "hint", "lastUsedAt", "createdAt") SELECT "id", "userId", "name", "scope", "tokenHash", "hint", "lastUsedAt", "createdAt" FROM "temporary_api_tokens"`);
    await queryRunner.query(`DROP TABLE "temporary_api_tokens"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_cdac8e064e6e9c2e0835d1c1b8" ON "api_tokens" ("tokenHash") `);
    await queryRunner.query(`CREATE INDEX "IDX_2a2ce819bd75cc0193bfb2692b" ON "api_tokens" ("userId") `);
    await queryRunner.query(`DROP INDEX "IDX_cdac8e064e6e9c2e0835d1c1b8"`);
    await queryRunner.query(`DROP INDEX "IDX_2a2ce819bd75cc0193bfb2692b"`);
    await queryRunner.query(`DROP TABLE "api_tokens"`);
  }
}
