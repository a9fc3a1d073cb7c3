export const TOY = "toy tally parts";
