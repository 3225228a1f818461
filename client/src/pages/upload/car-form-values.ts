import type { Car } from '@curbside/shared';

/** The form as typed (strings for inputs); carFormSchema turns it into the create/update body. */
export interface CarFormState {
  make: string;
  model: string;
  year: string;
  ownerName: string;
  category: string;
  engine: string;
  horsepower: string;
  transmission: string;
  drivetrain: string;
  modified: boolean;
  specs: string;
  story: string;
  legalAgreement: boolean;
  featured: boolean;
}

export const emptyCarForm = (ownerName = ''): CarFormState => ({
  make: '',
  model: '',
  year: '',
  ownerName,
  category: '',
  engine: '',
  horsepower: '',
  transmission: '',
  drivetrain: '',
  modified: false,
  specs: '',
  story: '',
  legalAgreement: false,
  featured: false,
});

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** An existing car as form values (edit mode). */
export function carToForm(car: Car): CarFormState {
  const specs = car.additionalSpecs ?? {};
  return {
    make: car.make,
    model: car.model,
    year: String(car.year),
    ownerName: car.ownerName ?? '',
    category: car.category ?? '',
    engine: text(specs.engine),
    horsepower: text(specs.horsepower),
    transmission: text(specs.transmission),
    drivetrain: text(specs.drivetrain),
    modified: specs.modified === true || specs.modified === 'true',
    specs: car.specs ?? '',
    story: car.story ?? '',
    legalAgreement: car.legalAgreement,
    featured: car.featured,
  };
}
