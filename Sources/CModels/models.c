#include "CModels.h"

static const unsigned char haarcascade_frontalface_default[] = {
#embed "../../Models/haarcascade_frontalface_default.fdm"
};

static const unsigned char haarcascade_frontalface_alt2[] = {
#embed "../../Models/haarcascade_frontalface_alt2.fdm"
};

const unsigned char *cmodels_haarcascade_frontalface_default(size_t *size) {
    *size = sizeof haarcascade_frontalface_default;
    return haarcascade_frontalface_default;
}

const unsigned char *cmodels_haarcascade_frontalface_alt2(size_t *size) {
    *size = sizeof haarcascade_frontalface_alt2;
    return haarcascade_frontalface_alt2;
}
