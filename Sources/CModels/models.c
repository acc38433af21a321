#include "CModels.h"

// Each model file, compiled in as it is (C23 #embed).

static const unsigned char haarcascade_frontalface_alt2[] = {
#embed "../../Models/haarcascade_frontalface_alt2.fdm"
};

static const unsigned char mtcnn[] = {
#embed "../../Models/mtcnn.fdm"
};

static const unsigned char shape5[] = {
#embed "../../Models/shape5.fdm"
};

static const unsigned char yunet_n[] = {
#embed "../../Models/yunet_n.fdm"
};

static const unsigned char yunet_s[] = {
#embed "../../Models/yunet_s.fdm"
};

static const unsigned char face_mesh_v2[] = {
#embed "../../Models/face_mesh_v2.fdm"
};

static const unsigned char face_blendshapes[] = {
#embed "../../Models/face_blendshapes.fdm"
};

static const unsigned char sface[] = {
#embed "../../Models/sface.fdm"
};

/// `cmodels_NAME`: the bytes of model NAME, their count in `*size`.
#define ACCESSOR(name)                                \
    const unsigned char *cmodels_##name(size_t *size) { \
        *size = sizeof name;                          \
        return name;                                  \
    }

ACCESSOR(haarcascade_frontalface_alt2)
ACCESSOR(mtcnn)
ACCESSOR(shape5)
ACCESSOR(yunet_n)
ACCESSOR(yunet_s)
ACCESSOR(face_mesh_v2)
ACCESSOR(face_blendshapes)
ACCESSOR(sface)
