import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PhotoMatches1795900300001 implements MigrationInterface {
  name = 'PhotoMatches1795900300001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`photo_matches\` (\`id\` int NOT NULL AUTO_INCREMENT, \`imageId\` int NOT NULL, \`matchedImageId\` int NOT NULL, \`distance\` int NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`dismissedAt\` datetime(3) NULL, \`dismissedById\` int NULL, INDEX \`IDX_ae3e093e9e6cd774f51c10090c\` (\`matchedImageId\`), INDEX \`IDX_485b3c9df2c66b35d84a785838\` (\`dismissedAt\`, \`createdAt\`), UNIQUE INDEX \`IDX_925da13b6e7a1eeddd4e649a81\` (\`imageId\`, \`matchedImageId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`car_images\` ADD \`perceptualHash\` varchar(16) NULL`);
    await queryRunner.query(`ALTER TABLE \`car_images\` ADD \`hashBand0\` int NULL`);
    await queryRunner.query(`ALTER TABLE \`car_images\` ADD \`hashBand1\` int NULL`);
    await queryRunner.query(`ALTER TABLE \`car_images\` ADD \`hashBand2\` int NULL`);
    await queryRunner.query(`ALTER TABLE \`car_images\` ADD \`hashBand3\` int NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_af86a31f15dd5410da76b666d3\` ON \`car_images\` (\`hashBand3\`, \`perceptualHash\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_52a4eaedb39cf7f9b056bef4b9\` ON \`car_images\` (\`hashBand2\`, \`perceptualHash\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_2895ffd04ed5f41ccedc913aac\` ON \`car_images\` (\`hashBand1\`, \`perceptualHash\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_333a4cfc89c0519d9aedccf2c0\` ON \`car_images\` (\`hashBand0\`, \`perceptualHash\`)`);
    await queryRunner.query(`ALTER TABLE \`photo_matches\` ADD CONSTRAINT \`FK_d7cf03fb4d10d38af9fa4ecba04\` FOREIGN KEY (\`imageId\`) REFERENCES \`car_images\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`photo_matches\` ADD CONSTRAINT \`FK_ae3e093e9e6cd774f51c10090cd\` FOREIGN KEY (\`matchedImageId\`) REFERENCES \`car_images\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`photo_matches\` ADD CONSTRAINT \`FK_0753f150a7510547b96dcfd27b4\` FOREIGN KEY (\`dismissedById\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`photo_matches\` DROP FOREIGN KEY \`FK_0753f150a7510547b96dcfd27b4\``);
    await queryRunner.query(`ALTER TABLE \`photo_matches\` DROP FOREIGN KEY \`FK_ae3e093e9e6cd774f51c10090cd\``);
    await queryRunner.query(`ALTER TABLE \`photo_matches\` DROP FOREIGN KEY \`FK_d7cf03fb4d10d38af9fa4ecba04\``);
    await queryRunner.query(`DROP INDEX \`IDX_333a4cfc89c0519d9aedccf2c0\` ON \`car_images\``);
    await queryRunner.query(`DROP INDEX \`IDX_2895ffd04ed5f41ccedc913aac\` ON \`car_images\``);
    await queryRunner.query(`DROP INDEX \`IDX_52a4eaedb39cf7f9b056bef4b9\` ON \`car_images\``);
    await queryRunner.query(`DROP INDEX \`IDX_af86a31f15dd5410da76b666d3\` ON \`car_images\``);
    await queryRunner.query(`ALTER TABLE \`car_images\` DROP COLUMN \`hashBand3\``);
    await queryRunner.query(`ALTER TABLE \`car_images\` DROP COLUMN \`hashBand2\``);
    await queryRunner.query(`ALTER TABLE \`car_images\` DROP COLUMN \`hashBand1\``);
    await queryRunner.query(`ALTER TABLE \`car_images\` DROP COLUMN \`hashBand0\``);
    await queryRunner.query(`ALTER TABLE \`car_images\` DROP COLUMN \`perceptualHash\``);
    await queryRunner.query(`DROP INDEX \`IDX_925da13b6e7a1eeddd4e649a81\` ON \`photo_matches\``);
    await queryRunner.query(`DROP INDEX \`IDX_485b3c9df2c66b35d84a785838\` ON \`photo_matches\``);
    await queryRunner.query(`DROP INDEX \`IDX_ae3e093e9e6cd774f51c10090c\` ON \`photo_matches\``);
    await queryRunner.query(`DROP TABLE \`photo_matches\``);
  }
}
