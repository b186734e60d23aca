/** A light check before sending (the server checks fully): one @ with text around it and a dot after it. */
export const looksLikeEmail = (value: string) => {
  const at = value.indexOf("@");
  return at > 0 && at === value.lastIndexOf("@") && value.indexOf(".", at) > at + 1 && !/\s/.test(value);
};
