/*
 * tools/json_text.c -- JSON strings (json_text.h).
 */
#include <stdio.h>

#include "tools/json_text.h"

void json_string(const char *s)
{
	putchar('"');
	for (; s != NULL && *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}
