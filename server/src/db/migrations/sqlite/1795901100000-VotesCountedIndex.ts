import type { MigrationInterface, QueryRunner } from 'typeorm';

// The new index first, as on MySQL (where the votes→cars foreign key needs an index starting with carId).
export class VotesCountedIndex1795901100000 implements MigrationInterface {
  name = 'VotesCountedIndex1795901100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_6f00a2bc83411d976d4aa8f608" ON "votes" ("carId", "createdAt", "voidId") `);
    await queryRunner.query(`DROP INDEX "IDX_993f8a10ed525109a96371d411"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_993f8a10ed525109a96371d411" ON "votes" ("carId", "createdAt") `);
    await queryRunner.query(`DROP INDEX "IDX_6f00a2bc83411d976d4aa8f608"`);
  }
}
