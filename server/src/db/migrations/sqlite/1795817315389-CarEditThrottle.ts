import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CarEditThrottle1795817315389 implements MigrationInterface {
  name = 'CarEditThrottle1795817315389';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "car_edits" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`CREATE INDEX "IDX_3262c32e92d9640d1220d0a14a" ON "car_edits" ("userId", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_3262c32e92d9640d1220d0a14a"`);
    await queryRunner.query(`DROP TABLE "car_edits"`);
  }
}
