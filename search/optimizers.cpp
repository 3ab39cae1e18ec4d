namespace maze {}
