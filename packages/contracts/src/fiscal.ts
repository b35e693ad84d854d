/** Fiscal administration read API: closures, tracking, control strips, PDF data (issue 5). */
export {};
