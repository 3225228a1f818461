/** Car submission and editing procedures (issue 4), spread into the cars router beside the read procedures. */
export const carWriteProcedures = {};
