import { createCar } from './create-car';
import { ownerCars } from './owner-cars';
import { updateCar } from './update-car';

/** Car submission and editing procedures (issue 4), spread into the cars router beside the read procedures. */
export const carWriteProcedures = { create: createCar, update: updateCar, owned: ownerCars };
