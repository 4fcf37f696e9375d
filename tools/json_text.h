/*
 * tools/json_text.h -- writing JSON strings on stdout, for oncuda-ls's
 * --json (json_text.c).
 */
#ifndef ONCUDA_TOOLS_JSON_TEXT_H
#define ONCUDA_TOOLS_JSON_TEXT_H

/* s as a JSON string, quotes included; NULL as "". */
void json_string(const char *s);

#endif
