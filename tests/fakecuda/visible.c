/*
 * visible.c - how many pretend devices there are, and which of them this
 * process sees.
 *
 * FAKECUDA_DEVICES=N (1 to FC_MAX_DEVICES, default 1) makes the stand-in a
 * machine with N devices, told apart by name, UUID and PCI bus id (see
 * device.c).  CUDA_VISIBLE_DEVICES then picks among them as it does with
 * the real driver, read once by cuInit: a comma-separated list of ordinals
 * or of UUIDs ("GPU-" and the start of the UUID, at least one character),
 * renumbered from 0 in the order given; the list ends at the first entry
 * that names no device, or one named before.  What this does not do: MIG
 * names, and the real driver's checks that a UUID prefix is unambiguous.
 *
 * Ordinals the program sees ("visible") are mapped to the machine's
 * ("physical") here; everything per device (memory accounting, identity)
 * is kept by physical number, so two processes that see the same device
 * under different ordinals share its memory, as on a real GPU.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fakecuda.h"

static int physical_count = 1;
static int visible_count = 1;
static int visible_to_physical[FC_MAX_DEVICES];

static int
parse_device_count(void)
{
	const char *text = getenv("FAKECUDA_DEVICES");
	char *end;
	long n;

	if (text == NULL || *text == '\0')
		return 1;
	n = strtol(text, &end, 10);
	if (*end != '\0' || n < 1 || n > FC_MAX_DEVICES) {
		fprintf(stderr, "fakecuda: FAKECUDA_DEVICES=%s is not a number "
		    "from 1 to %d; pretending to have 1 device.\n", text,
		    FC_MAX_DEVICES);
		return 1;
	}
	return (int)n;
}

/* The physical device one CUDA_VISIBLE_DEVICES entry names, or -1. */
static int
lookup_entry(const char *entry, size_t len)
{
	char uuid[64];
	char *end;
	long n;

	if (len > 4 && strncmp(entry, "GPU-", 4) == 0) {
		for (int p = 0; p < physical_count; p++) {
			fc_device_uuid_text(p, uuid, sizeof(uuid));
			if (len <= strlen(uuid) && strncmp(entry, uuid, len) == 0)
				return p;
		}
		return -1;
	}
	if (len == 0 || !isdigit((unsigned char)entry[0]))
		return -1;
	n = strtol(entry, &end, 10);
	if ((size_t)(end - entry) != len || n >= physical_count)
		return -1;
	return (int)n;
}

void
fc_visible_init(void)
{
	const char *list = getenv("CUDA_VISIBLE_DEVICES");

	physical_count = parse_device_count();
	visible_count = 0;
	if (list == NULL) {
		for (int p = 0; p < physical_count; p++)
			visible_to_physical[visible_count++] = p;
		return;
	}
	while (visible_count < physical_count) {
		size_t len = strcspn(list, ",");
		int p = lookup_entry(list, len);
		bool seen = false;

		for (int i = 0; i < visible_count; i++)
			seen = seen || visible_to_physical[i] == p;
		if (p < 0 || seen)
			break;
		visible_to_physical[visible_count++] = p;
		if (list[len] != ',')
			break;
		list += len + 1;
	}
}

int
fc_device_count(void)
{
	return visible_count;
}

int
fc_physical_device(CUdevice dev)
{
	return dev >= 0 && dev < visible_count ? visible_to_physical[dev] : 0;
}

void
fc_device_uuid(int physical, CUuuid *uuid)
{
	static const char base[16] = "oncuda-fakecuda0";

	/* Device 0 keeps the UUID tests have always seen. */
	memcpy(uuid->bytes, base, sizeof(uuid->bytes));
	uuid->bytes[15] = (char)('0' + physical);
}

void
fc_device_uuid_text(int physical, char *text, size_t size)
{
	CUuuid uuid;
	const unsigned char *b = (const unsigned char *)uuid.bytes;

	fc_device_uuid(physical, &uuid);
	snprintf(text, size, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
	    "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4], b[5],
	    b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}
