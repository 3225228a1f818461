import { router } from '../../trpc';
import { topCarsProcedure } from '../leaderboard/top-cars';
import { carById, carBySlug } from './get-car';
import { listCars } from './list-cars';
import { searchCars } from './search-cars';
import { carWriteProcedures } from './write';

const readProcedures = {
  list: listCars,
  search: searchCars,
  top: topCarsProcedure,
  byId: carById,
  bySlug: carBySlug,
};

export const carsRouter = router({ ...readProcedures, ...carWriteProcedures });
