/* unit_check.c - the failure count of the unit tests of stubs/. */
#include "unit_check.h"

int unit_failures;

int unit_report(const char *name)
{
	if (unit_failures != 0) {
		fprintf(stderr, "%s: %d checks failed\n", name, unit_failures);
		return 1;
	}
	printf("%s: all checks passed\n", name);
	return 0;
}
