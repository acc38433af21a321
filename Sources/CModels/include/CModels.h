#ifndef CMODELS_H
#define CMODELS_H
#include <stddef.h>
/* The default models, embedded at build time with C23 #embed (see Models/README.md).
   Each is a pointer to the file's bytes and its size. */
#endif
