/** Leaving the app for the payment page (checkout, card update); one object so tests can watch it. */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
