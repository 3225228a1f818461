import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MeetCardVotes1795635604779 implements MigrationInterface {
  name = 'MeetCardVotes1795635604779';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`card_votes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`carId\` int NOT NULL, \`eventId\` int NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`IDX_f2fbc151b9b66763316d4f2eea\` (\`eventId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`card_votes\` ADD CONSTRAINT \`FK_c81938ea38eb5b742a66fa4fad0\` FOREIGN KEY (\`carId\`) REFERENCES \`cars\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`card_votes\` DROP FOREIGN KEY \`FK_c81938ea38eb5b742a66fa4fad0\``);
    await queryRunner.query(`DROP INDEX \`IDX_f2fbc151b9b66763316d4f2eea\` ON \`card_votes\``);
    await queryRunner.query(`DROP TABLE \`card_votes\``);
  }
}
