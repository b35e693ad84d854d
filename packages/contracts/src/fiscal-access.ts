/** Tax-inspector access request, validation and sign-in (issue 5). */
export {};
