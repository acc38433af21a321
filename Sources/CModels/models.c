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

static const unsigned char mtcnn[] = {
#embed "../../Models/mtcnn.fdm"
};

static const unsigned char shape5[] = {
#embed "../../Models/shape5.fdm"
};

const unsigned char *cmodels_mtcnn(size_t *size) {
    *size = sizeof mtcnn;
    return mtcnn;
}

const unsigned char *cmodels_shape5(size_t *size) {
    *size = sizeof shape5;
    return shape5;
}

static const unsigned char yunet_n[] = {
#embed "../../Models/yunet_n.fdm"
};

static const unsigned char yunet_s[] = {
#embed "../../Models/yunet_s.fdm"
};

const unsigned char *cmodels_yunet_n(size_t *size) {
    *size = sizeof yunet_n;
    return yunet_n;
}

const unsigned char *cmodels_yunet_s(size_t *size) {
    *size = sizeof yunet_s;
    return yunet_s;
}

static const unsigned char face_mesh[] = {
#embed "../../Models/face_mesh.fdm"
};

const unsigned char *cmodels_face_mesh(size_t *size) {
    *size = sizeof face_mesh;
    return face_mesh;
}

static const unsigned char face_mesh_v2[] = {
#embed "../../Models/face_mesh_v2.fdm"
};

const unsigned char *cmodels_face_mesh_v2(size_t *size) {
    *size = sizeof face_mesh_v2;
    return face_mesh_v2;
}

static const unsigned char face_blendshapes[] = {
#embed "../../Models/face_blendshapes.fdm"
};

const unsigned char *cmodels_face_blendshapes(size_t *size) {
    *size = sizeof face_blendshapes;
    return face_blendshapes;
}
